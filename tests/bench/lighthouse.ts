/**
 * Lighthouse on a page of the app (issue 9: performance ≥ 90 on /login, mobile profile): the
 * `lighthouse` package with /usr/bin/chromium started by chrome-launcher (headless), Lighthouse's
 * default mobile emulation and simulated throttling. A fresh profile each run, so nothing is cached.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  url: string;
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
  /** Bytes of JavaScript the page did not use (Lighthouse's estimate), KB. */
  unusedJsKb: number;
  /** Bytes the "enable text compression" audit could save, KB. */
  uncompressedKb: number;
}

export async function measureLighthouse(url: string): Promise<LighthouseResult> {
  const chrome = await launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse answered nothing');
    const { lhr } = result;
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const savingsKb = (id: string) => {
      const details = lhr.audits[id]?.details as { overallSavingsBytes?: number } | undefined;
      return Math.round((details?.overallSavingsBytes ?? 0) / 1024);
    };
    return {
      url,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      firstContentfulPaintMs: Math.round(audit('first-contentful-paint')),
      largestContentfulPaintMs: Math.round(audit('largest-contentful-paint')),
      totalBlockingTimeMs: Math.round(audit('total-blocking-time')),
      speedIndexMs: Math.round(audit('speed-index')),
      unusedJsKb: savingsKb('unused-javascript'),
      uncompressedKb: savingsKb('uses-text-compression'),
    };
  } finally {
    chrome.kill();
  }
}
