import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { graph, signedInApi } from './pages/api';
import { ChangesPage } from './pages/changes-page';
import { LoginPage } from './pages/login-page';
import { signInAs } from './pages/offline-support';

/**
 * Issue 36, "Done when": nothing of a coach's participants is readable from the browser profile on disk. A real
 * profile (launchPersistentContext) signs in as the coach and syncs; the browser is closed and every file of the
 * profile (IndexedDB's LevelDB logs and tables and blob files, Local and Session Storage, the service worker's
 * caches, the HTTP cache) is searched for the participants' names, e-mail addresses, phone numbers and BSNs, in
 * Latin-1 and UTF-16LE. The control writes the same values in the clear into another IndexedDB database of the
 * same profile and finds them with the same search: the search sees what IndexedDB keeps. Then the profile opens
 * online again: signed in, without a password, the list shows the names (the device key share).
 */

/** Shorter values would match by chance somewhere in megabytes of sealed bytes. */
const MIN_NEEDLE = 6;
const PERSONAL = /^(firstname|lastname|email|phone|phonenumber|mobile|mobilephone|bsn|socialsecuritynumber)$/i;

interface Needle {
  field: string;
  value: string;
}

/** The coach's participants as the server gives them to the coach's pull: the values the device must not show. */
async function coachNeedles(baseURL: string): Promise<{ needles: Needle[]; records: Record<string, string>[] }> {
  const api = await signedInApi(baseURL, 'coach');
  const records: Record<string, string>[] = [];
  let checkpoint: Record<string, unknown> = { seq: 0 };
  for (let page = 0; page < 20; page++) {
    const data = await graph<{ pullParticipants: { documents: Record<string, unknown>[]; checkpoint: Record<string, unknown>; hasMore: boolean } }>(
      api,
      'query($c: PullCheckpointInput!) { pullParticipants(checkpoint: $c, limit: 500) { documents checkpoint { seq scopeKey } hasMore } }',
      { c: checkpoint },
    );
    for (const doc of data.pullParticipants.documents) {
      if (doc._deleted) continue;
      const personal = Object.fromEntries(Object.entries(doc).filter((e): e is [string, string] => PERSONAL.test(e[0]) && typeof e[1] === 'string' && e[1].trim() !== ''));
      records.push(personal);
    }
    checkpoint = data.pullParticipants.checkpoint;
    if (!data.pullParticipants.hasMore) break;
  }
  await api.dispose();
  const needles = new Map<string, Needle>();
  for (const record of records) for (const [field, value] of Object.entries(record)) if (value.length >= MIN_NEEDLE) needles.set(value, { field, value });
  return { needles: [...needles.values()], records };
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Every needle found in any file of the profile, in Latin-1 or UTF-16LE, with the file it was found in. */
function scanProfile(profile: string, needles: readonly Needle[]): { needle: Needle; file: string; encoding: string }[] {
  const patterns = needles.flatMap((needle) => [
    { needle, encoding: 'latin1', bytes: Buffer.from(needle.value, 'latin1') },
    { needle, encoding: 'utf16le', bytes: Buffer.from(needle.value, 'utf16le') },
  ]);
  const found: { needle: Needle; file: string; encoding: string }[] = [];
  for (const file of filesUnder(profile)) {
    if (statSync(file).size === 0) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue; // a lock file Chromium left behind
    }
    for (const p of patterns) if (bytes.includes(p.bytes)) found.push({ needle: p.needle, file: path.relative(profile, file), encoding: p.encoding });
  }
  return found;
}

const open = new Set<BrowserContext>();

async function launch(profile: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1024, height: 768 },
  });
  open.add(context);
  context.on('close', () => open.delete(context));
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

test.afterEach(async () => {
  for (const context of open) await context.close().catch(() => undefined);
  open.clear();
});

test('the profile on disk holds none of the coach’s participants’ personal data; the same values written in the clear are found; online again it opens without a password', async ({ baseURL }) => {
  test.setTimeout(360_000);
  const { needles, records } = await coachNeedles(baseURL!);
  // The search has something to look for: names, e-mail addresses, phone numbers (and BSNs where the pull has them).
  expect(needles.length).toBeGreaterThan(5);
  expect(new Set(needles.map((n) => n.field.toLowerCase())).size).toBeGreaterThan(2);
  const profile = mkdtempSync(path.join(tmpdir(), 'werkpad-encrypted-profile-'));
  try {
    // The coach signs in and the replica syncs; the list (loaded after the first sync) shows names.
    let { context, page } = await launch(profile, baseURL!);
    await signInAs(page, 'coach');
    const changes = new ChangesPage(page);
    await changes.goto();
    await changes.waitForFirstSync();
    expect(await changes.participantCount()).toBeGreaterThan(0);
    await page.goto('/participants');
    const firstRow = page.getByTestId('participants-table').getByRole('row').nth(1);
    await expect(firstRow).toBeVisible({ timeout: 60_000 });
    const shownName = (await firstRow.getByRole('cell').first().innerText()).trim();
    expect(shownName).not.toBe('');
    await context.close();

    const leaks = scanProfile(profile, needles);
    expect(leaks.map((l) => `${l.needle.field} in ${l.file} (${l.encoding})`)).toEqual([]);

    // Online again, the same profile: signed in at once (the device share opens the key), no password asked.
    ({ context, page } = await launch(profile, baseURL!));
    await page.goto('/participants');
    await expect(page.getByTestId('participants-table').getByText(shownName).first()).toBeVisible({ timeout: 60_000 });
    await expect(new LoginPage(page).password).toHaveCount(0);

    // The control: the same values in the clear, in another IndexedDB database of this profile.
    await page.evaluate(async (rows) => {
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('werkpad-scan-control', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('rows', { autoIncrement: true });
        request.onerror = () => reject(request.error ?? new Error('open failed'));
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction('rows', 'readwrite');
          for (const row of rows) tx.objectStore('rows').add(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        };
      });
    }, records);
    await context.close();
    const seen = new Set(scanProfile(profile, needles).map((l) => l.needle.value));
    expect(needles.filter((n) => !seen.has(n.value)).map((n) => n.field)).toEqual([]);
  } finally {
    for (const context of open) await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});
