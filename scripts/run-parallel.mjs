#!/usr/bin/env node
/**
 * `node scripts/run-parallel.mjs typecheck lint`: runs the named npm scripts at the same time and fails when any
 * of them fails. `npm test` uses it for the type check and lint: each is one single-threaded process, so on a
 * 2-core machine the two together take about as long as the slower one alone.
 *
 * Each script's output is printed whole when it ends (never interleaved), with its exit status and time.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
console.log(`Running at the same time: ${names.map((n) => `npm run ${n}`).join(', ')}`);

/** One npm script: its collected output and exit code. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${String(error)}\n`));
      resolve({ name, code: 1, output: Buffer.concat(chunks).toString(), seconds: 0 });
    });
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds });
    });
  });
}

const results = await Promise.all(
  names.map((name) =>
    run(name).then((result) => {
      process.stdout.write(`\n── npm run ${name}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds} s ──\n`);
      if (result.output.trim()) process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
      return result;
    }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
