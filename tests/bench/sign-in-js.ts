/**
 * The sign-in route's first-load JavaScript (issue 9: target ≤ 200 KB gzip): a fresh browser
 * context (no service worker, no cache) opens /login and waits for the form and a quiet network;
 * every script it fetched is weighed as the build's gzip file (gzip -9, what the server sends to a
 * browser without brotli). The service worker's precache runs in its own context and is not counted.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface SignInJs {
  /** Sum of the scripts' gzip sizes, KB (1,024 bytes). */
  kbGzip: number;
  /** Sum of their raw sizes, KB. */
  kbRaw: number;
  files: { file: string; gzip: number; raw: number }[];
}

function gzipSize(file: string): number {
  const gz = `${file}.gz`;
  return existsSync(gz) ? statSync(gz).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

export async function measureSignInJs(opts: { browser: Browser; base: string; distDir: string }): Promise<SignInJs> {
  const context = await opts.browser.newContext({ locale: 'nl-NL', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${opts.base}/login`);
    await page.getByRole('button', { name: 'Inloggen' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = [...scripts].sort().map((pathname) => {
      const file = path.join(opts.distDir, pathname);
      return { file: pathname, gzip: gzipSize(file), raw: statSync(file).size };
    });
    const sum = (key: 'gzip' | 'raw') => files.reduce((total, f) => total + f[key], 0) / 1024;
    return { kbGzip: Math.round(sum('gzip') * 10) / 10, kbRaw: Math.round(sum('raw') * 10) / 10, files };
  } finally {
    await context.close();
  }
}
