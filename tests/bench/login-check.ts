/**
 * The sign-in route's figures for one build, without the bench's data set and sync: its first-load
 * JavaScript (sign-in-js.ts) and Lighthouse on /login (lighthouse.ts), several runs. For comparing
 * builds in one session on a shared machine.
 *
 *   WERKPAD_BENCH_BUILD_DIR=.tmp/some-build LIGHTHOUSE_RUNS=3 node --import tsx tests/bench/login-check.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../../server/test/free-port';
import { measureLighthouse } from './lighthouse';
import { measureSignInJs } from './sign-in-js';

const root = path.resolve(import.meta.dirname, '../..');
const distDir = path.resolve(root, process.env.WERKPAD_BENCH_BUILD_DIR ?? 'dist');
const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-login-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), WERKPAD_STATIC_DIR: distDir, WERKPAD_DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  let up = false;
  for (let i = 0; i < 240 && !up; i++) {
    up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 500));
  }
  if (!up) throw new Error(`the server did not answer on ${base}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const js = await measureSignInJs({ browser, base, distDir });
    console.log(`[login-check] sign-in JS ${js.kbGzip.toFixed(1)} KB gzip (${js.files.length} scripts)`);
  } finally {
    await browser.close();
  }
  for (let run = 1; run <= Number(process.env.LIGHTHOUSE_RUNS ?? 1); run++) {
    const lh = await measureLighthouse(`${base}/login`);
    console.log(
      `[login-check] /login run ${run}: performance ${lh.performance}, FCP ${lh.firstContentfulPaintMs} ms, LCP ${lh.largestContentfulPaintMs} ms, TBT ${lh.totalBlockingTimeMs} ms`,
    );
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
