import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 AA: the tags every page is checked against. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core as @axe-core/playwright runs it: the same package, so the same version and rules. */
const axeRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_PATH = axeRequire.resolve('axe-core/axe.min.js');
const AXE_VERSION = (JSON.parse(readFileSync(axeRequire.resolve('axe-core/package.json'), 'utf8')) as { version: string }).version;
/** Where the server that `playwright.config.ts` starts serves it from: a file of the test build, cached as immutable. */
const AXE_URL = `/assets/e2e-axe-${AXE_VERSION}.min.js`;
let axeSource: string | undefined;

/**
 * Puts axe into the page. Loaded as a script from the app's own server (its Content-Security-Policy allows its own
 * scripts), the browser compiles it once and reuses the compiled code on every later page load: about 0.1 s
 * instead of 1-3 s for evaluating its 650 kB source again. Offline, on another origin or without the test build,
 * the source is evaluated (an evaluate is not subject to the page's Content-Security-Policy).
 */
async function putAxe(page: Page): Promise<void> {
  const buildDir = process.env.WERKPAD_E2E_BUILD_DIR;
  if (buildDir && existsSync(path.join(buildDir, 'index.html'))) {
    const file = path.join(buildDir, AXE_URL);
    if (!existsSync(file)) copyFileSync(AXE_PATH, file);
    const loaded = await page.addScriptTag({ url: AXE_URL }).then(() => page.evaluate(() => 'axe' in window), () => false);
    if (loaded) return;
  }
  axeSource ??= readFileSync(AXE_PATH, 'utf8');
  await page.evaluate(axeSource);
}

interface AxeViolation { id: string; nodes: { target: unknown[] }[] }

/**
 * The WCAG 2.1 AA violations on the page (or inside `include`), one line each: the rule and up to three elements.
 *
 * AxeBuilder evaluates its 650 kB source twice per analysis and opens a blank page to finish each run: about 3 s
 * per check on a 2-core machine, minutes over the suite. Here axe is put into the page once per page load (as a
 * cached script, `putAxe`) and runs with one evaluate, asking for the violations only. A page with frames (the PDF preview) still goes through AxeBuilder, which checks inside them.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
    const result = await (include ? builder.include(include) : builder).analyze();
    return result.violations.map(describe);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await putAxe(page);
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
      return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    },
    { tags: WCAG_21_AA, include },
  );
  return violations.map(describe);
}

function describe(violation: AxeViolation): string {
  const targets = violation.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ');
  return `${violation.id} ${targets}${violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3})` : ''}`;
}

/** No WCAG 2.1 AA violation on the page; `label` says where, in the failure. */
export async function expectAccessible(page: Page, label = page.url(), include?: string): Promise<void> {
  expect((await axeViolations(page, include)).map((v) => `${label}: ${v}`)).toEqual([]);
}
