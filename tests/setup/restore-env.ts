import { afterAll } from 'vitest';

/**
 * The server files share their worker's modules (`isolate: false` in vitest.config.ts), so what one file sets in
 * `process.env` (TRUST_PROXY, a short stream heartbeat) would still be set for the next file in that worker. This
 * setup file runs before each test file: it notes the environment and puts it back once the file is done.
 */
const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
