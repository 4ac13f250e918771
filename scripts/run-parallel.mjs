#!/usr/bin/env node
/**
 * `node scripts/run-parallel.mjs <lane> [<lane> ...]`: runs the lanes at the same time and fails when any script
 * in any of them fails. A lane is one npm script, or several joined by commas, run one after the other; a lane
 * stops at its first failing script, the other lanes go on, so one run shows every lane's failures.
 *
 * `npm test` uses it for the type check and lint (two lanes of one script each). Running the browser tests beside
 * the vitest phases (`test:e2e --lower typecheck,lint,test:unit,test:server`; `--lower`: nice 10) was tried and
 * not kept: 51 against about 54 minutes, with the browser tests slowed by a quarter and one failing under the load.
 *
 * Each script's output is printed whole when it ends (never interleaved), with its lane, exit status and time;
 * a line is printed when a script starts, so a long silence shows what is running.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const lower = args.indexOf('--lower');
const lanes = args.filter((a) => a !== '--lower').map((lane) => lane.split(',').filter(Boolean));
/** Lanes named after `--lower` run at a lower CPU priority (nice 10), so the lanes before them are not slowed. */
const lowerFrom = lower < 0 ? lanes.length : lower;
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>[,<npm script>...] [...] [--lower <lane> ...]');
  process.exit(2);
}
const canNice = process.platform !== 'win32' && existsSync('/usr/bin/nice');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const clock = () => `${Math.round((Date.now() - started) / 1000)} s`;
console.log(`Running at the same time: ${lanes.map((lane) => lane.map((n) => `npm run ${n}`).join(' → ')).join(' | ')}`);

/** One npm script: its collected output and exit code. */
function run(name, nice) {
  const scriptStarted = Date.now();
  return new Promise((resolve) => {
    const [command, args] = nice && canNice ? ['/usr/bin/nice', ['-n', '10', npm, 'run', name]] : [npm, ['run', name]];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code) => resolve({ name, code, output: Buffer.concat(chunks).toString(), seconds: Math.round((Date.now() - scriptStarted) / 1000) });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${String(error)}\n`));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** A lane's scripts one after the other, until one fails. */
async function runLane(lane, index) {
  const results = [];
  for (const name of lane) {
    console.log(`[${clock()}] lane ${index + 1}: npm run ${name} started${index >= lowerFrom && canNice ? ' (nice 10)' : ''}`);
    const result = await run(name, index >= lowerFrom);
    process.stdout.write(`\n── lane ${index + 1}, npm run ${name}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds} s (at ${clock()}) ──\n`);
    if (result.output.trim()) process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    results.push(result);
    if (result.code !== 0) {
      const skipped = lane.slice(lane.indexOf(name) + 1);
      if (skipped.length > 0) console.log(`lane ${index + 1}: not run after the failure: ${skipped.join(', ')}`);
      break;
    }
  }
  return results;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((r) => r.name).join(', ')} (after ${clock()})`);
  process.exit(1);
}
console.log(`\nAll passed in ${clock()}: ${results.map((r) => `${r.name} ${r.seconds} s`).join(', ')}`);
