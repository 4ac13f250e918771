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
 * WERKPAD_BENCH_BUILD_DIR (reuse this build instead, e.g. to compare two builds in one session),
 * PORTAL_USER (default participant), PORTAL_PATH (default /participant-portal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
const reuseBuild = process.env.WERKPAD_BENCH_REUSE_BUILD === '1' || Boolean(process.env.WERKPAD_BENCH_BUILD_DIR);
const buildDir = process.env.WERKPAD_BENCH_BUILD_DIR ? path.resolve(root, process.env.WERKPAD_BENCH_BUILD_DIR) : path.join(root, reuseBuild ? '.tmp/bench-dist' : `.tmp/bench-dist-lh-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-lh-'));
const username = process.env.PORTAL_USER ?? 'participant';
const portalPath = process.env.PORTAL_PATH ?? '/participant-portal';
const PASSWORD = 'Demo-Wachtwoord-2026!';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      WERKPAD_STATIC_DIR: buildDir,
      WERKPAD_DATA_DIR: dataDir,
      NODE_ENV: 'production',
    },
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

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The page's main-thread work in thread CPU time (the trace's `tdur`), which the machine's load does
 * not stretch the way it stretches wall time: CPU ms of every task from the first contentful paint
 * on, how many would be long tasks under Lighthouse's 4x CPU slow-down, and the blocking time they
 * would add up to (sum of 4 x CPU - 50 ms). A figure to compare builds on a shared machine.
 */
function cpuBlocking(trace: { traceEvents: TraceEvent[] }): { cpuMs: number; longTasks: number; blockingMs: number } {
  const events = trace.traceEvents;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  if (!main) return { cpuMs: 0, longTasks: 0, blockingMs: 0 };
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  let cpuMs = 0;
  let longTasks = 0;
  let blockingMs = 0;
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.name !== 'RunTask' || e.ph !== 'X' || (fcp && e.ts < fcp.ts)) continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    cpuMs += ms;
    if (ms * 4 > 50) {
      longTasks++;
      blockingMs += ms * 4 - 50;
    }
  }
  return { cpuMs: Math.round(cpuMs), longTasks, blockingMs: Math.round(blockingMs) };
}

if (!(reuseBuild && existsSync(path.join(buildDir, 'index.html')))) {
  log(`building into ${buildDir}`);
  await run('npx', ['vite', 'build', '--logLevel', 'error'], {
    WERKPAD_BUILD_DIR: buildDir,
  });
}
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // Sign in with the app's own form in the same browser, so Lighthouse loads the portal as that user.
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
  });
  const page = await browser.newPage();
  await page.setViewport({
    width: 412,
    height: 823,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('#login-username', username);
  await page.type('#login-password', PASSWORD);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.keyboard.press('Enter')]);
  // First visit: the first sync fills the replica and the service worker installs; Lighthouse then measures a return visit.
  await page.goto(`${base}${portalPath}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="widgets-home"]', {
    timeout: 60_000,
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.createCDPSession();
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: { message: string }[];
  };
  // A sampled CPU profile of reloads of the portal under the same 4x CPU slow-down as Lighthouse's
  // mobile profile (PORTAL_CPU_PROFILE=<file prefix>; read it with tests/bench/trace-profile-top.ts).
  if (process.env.PORTAL_CPU_PROFILE) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // React's commits during start-up, counted through the devtools hook: when, and which components rendered.
    // (A string: tsx would add its __name helper to a function, which the page does not have.)
    await page.evaluateOnNewDocument(`(() => {
      const commits = [];
      window.__commits = commits;
      const nameOf = (type) => (typeof type === 'function' ? type.name : '');
      window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberRoot: (_id, root) => {
          const rendered = [];
          // As React's devtools do: a function component rendered when it performed work (flag 1);
          // a subtree React skipped keeps its children, so the walk stops there.
          const walk = (fiber) => {
            for (let f = fiber; f; f = f.sibling) {
              const name = nameOf(f.type);
              if (name && (f.flags & 1) === 1) rendered.push(name);
              if (!f.alternate || f.child !== f.alternate.child) walk(f.child);
            }
          };
          const current = root.current;
          if (!current.alternate || current.child !== current.alternate.child) walk(current.child);
          commits.push({ at: Math.round(performance.now()), rendered });
        },
      };
    })()`);
    for (let run = 1; run <= Number(process.env.PORTAL_CPU_PROFILE_RUNS ?? 1); run++) {
      await cdp.send('Profiler.start');
      await page.reload({ waitUntil: 'networkidle0' });
      await page.waitForSelector('[data-testid="widgets-home"]', {
        timeout: 60_000,
      });
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: unknown;
      };
      writeFileSync(`${process.env.PORTAL_CPU_PROFILE}-${run}.cpuprofile`, JSON.stringify(profile));
      const commits = await page.evaluate(() => (window as unknown as { __commits: { at: number; rendered: string[] }[] }).__commits);
      log(`profile ${run}: ${commits.length} React commits`);
      for (const c of commits) log(`  commit at ${c.at} ms: ${c.rendered.length} components (${[...new Set(c.rendered)].slice(0, 14).join(', ')})`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  await page.close();
  await browser.disconnect();

  // Several runs in one session (LIGHTHOUSE_RUNS, default 1): the machine is shared, so one figure says little.
  const runs = Math.max(0, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  let last: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] | undefined;
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(`${base}${portalPath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    });
    if (!result?.lhr) throw new Error('lighthouse produced no report');
    const lhr = result.lhr;
    last = lhr;
    // The trace, for a closer look at the main thread (LIGHTHOUSE_TRACE=<file prefix>).
    if (process.env.LIGHTHOUSE_TRACE) writeFileSync(`${process.env.LIGHTHOUSE_TRACE}-${run}.json`, JSON.stringify(result.artifacts.Trace));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    log(`run ${run} of ${runs}: url ${lhr.finalDisplayedUrl} (mobile profile, simulated slow 4G, Lighthouse ${lhr.lighthouseVersion})`);
    log(`performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`);
    log(
      `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    const cpu = cpuBlocking(result.artifacts.Trace);
    log(`main thread from FCP on, CPU time: ${cpu.cpuMs} ms; ${cpu.longTasks} tasks over 12.5 ms; blocking time at 4x from CPU time ${cpu.blockingMs} ms`);
    // Where the blocking time goes: main-thread time per script (bootup-time) and the longest tasks.
    const items = (id: string): Record<string, unknown>[] => {
      const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
      return details?.items ?? [];
    };
    for (const item of items('bootup-time').slice(0, 5)) log(`bootup ${String(item.url)}: total ${Math.round(Number(item.total))} ms, script ${Math.round(Number(item.scripting))} ms`);
    for (const item of items('long-tasks').slice(0, 5)) log(`long task ${String(item.url)}: ${Math.round(Number(item.duration))} ms at ${Math.round(Number(item.startTime))} ms`);
  }
  const failing = (last?.categories.accessibility?.auditRefs ?? []).map((ref) => ref.id).filter((id) => last?.audits[id]?.score === 0);
  if (failing.length) log(`accessibility audits not passed: ${failing.join(', ')}`);
  const errors = installability.installabilityErrors.map((e) => e.errorId);
  log(
    `installable: ${errors.length === 0 ? 'yes' : `no (${errors.join(', ')})`}; manifest ${manifest.url || 'none'}${manifest.errors.length ? ` with errors: ${manifest.errors.map((e) => e.message).join('; ')}` : ''}`,
  );
} finally {
  chrome.kill();
  server.kill();
  if (!process.env.WERKPAD_BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  if (!reuseBuild) rmSync(buildDir, { recursive: true, force: true });
}
