/**
 * True only in the bench's baseline build (vite.config.ts `define`, WERKPAD_BENCH_UNSEALED=1): the replica is then
 * stored unsealed, so `npm run bench` prints what the sealing costs beside the sealed figures (issue 36). Undefined
 * outside a vite build (tests), false in every other build.
 */
declare const __WERKPAD_BENCH_UNSEALED__: boolean | undefined;
