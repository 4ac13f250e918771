/**
 * Lighthouse (12, mobile profile, the system Chromium) over the participant portal home, signed in as
 * the demo participant: prints the performance score and its metrics, and whether Chromium finds
 * the app installable (Lighthouse 12 dropped its PWA category, so installability is asked of
 * Chromium itself: Page.getInstallabilityErrors on the same page, plus the manifest it found).
 * Figures are printed, never asserted.
 *
 *   node --import tsx tests/bench/portal-lighthouse.ts
 *
 * Environment: WERKPAD_BENCH_PORT (default: a free port), WERKPAD_BENCH_REUSE_BUILD=1 (reuse .tmp/bench-dist),
 * PORTAL_USER (default participant), PORTAL_PATH (default /participant-portal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort } from '../../server/test/free-port';

const root = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => console.log(`[portal-lighthouse] ${line}`);


const port = process.env.WERKPAD_BENCH_PORT ? Number(process.env.WERKPAD_BENCH_PORT) : await freePort();
const base = `http://localhost:${port}`;
const reuseBuild = process.env.WERKPAD_BENCH_REUSE_BUILD === '1';
const buildDir = path.join(root, reuseBuild ? '.tmp/bench-dist' : `.tmp/bench-dist-lh-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-lh-'));
const username = process.env.PORTAL_USER ?? 'participant';
const portalPath = process.env.PORTAL_PATH ?? '/participant-portal';
const PASSWORD = 'Demo-Wachtwoord-2026!';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), WERKPAD_STATIC_DIR: buildDir, WERKPAD_DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error(`the server did not answer on ${base}`);
}

if (!(reuseBuild && existsSync(path.join(buildDir, 'index.html')))) {
  log(`building into ${buildDir}`);
  await run('npx', ['vite', 'build', '--logLevel', 'error'], { WERKPAD_BUILD_DIR: buildDir });
}
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // Sign in with the app's own form in the same browser, so Lighthouse loads the portal as that user.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('#login-username', username);
  await page.type('#login-password', PASSWORD);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.keyboard.press('Enter')]);
  // First visit: the first sync fills the replica and the service worker installs; Lighthouse then measures a return visit.
  await page.goto(`${base}${portalPath}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="widgets-home"]', { timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.createCDPSession();
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  await page.close();
  await browser.disconnect();

  const result = await lighthouse(`${base}${portalPath}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: true,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('lighthouse produced no report');
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
  log(`url ${lhr.finalDisplayedUrl} (mobile profile, simulated slow 4G, Lighthouse ${lhr.lighthouseVersion})`);
  log(`performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`);
  log(`FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`);
  // Where the blocking time goes: main-thread time per script (bootup-time) and the longest tasks.
  const items = (id: string): Record<string, unknown>[] => {
    const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
    return details?.items ?? [];
  };
  for (const item of items('bootup-time').slice(0, 5)) log(`bootup ${String(item.url)}: total ${Math.round(Number(item.total))} ms, script ${Math.round(Number(item.scripting))} ms`);
  for (const item of items('long-tasks').slice(0, 5)) log(`long task ${String(item.url)}: ${Math.round(Number(item.duration))} ms at ${Math.round(Number(item.startTime))} ms`);
  const failing = (lhr.categories.accessibility?.auditRefs ?? []).map((ref) => ref.id).filter((id) => lhr.audits[id]?.score === 0);
  if (failing.length) log(`accessibility audits not passed: ${failing.join(', ')}`);
  const errors = installability.installabilityErrors.map((e) => e.errorId);
  log(`installable: ${errors.length === 0 ? 'yes' : `no (${errors.join(', ')})`}; manifest ${manifest.url || 'none'}${manifest.errors.length ? ` with errors: ${manifest.errors.map((e) => e.message).join('; ')}` : ''}`);
} finally {
  chrome.kill();
  server.kill();
  if (!process.env.WERKPAD_BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  if (!reuseBuild) rmSync(buildDir, { recursive: true, force: true });
}
