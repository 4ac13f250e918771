import { readFile } from 'node:fs/promises';
import { axeViolations } from './pages/axe';
import { expect, request, test, type BrowserContext, type Page } from '@playwright/test';
import { ChangesPage } from './pages/changes-page';
import { DEMO_PASSWORD } from './pages/demo-users';
import { serverProbes, signInAs, waitForServiceWorker } from './pages/offline-support';

/**
 * Issue 18, "Nothing unsent is deleted without the user's explicit choice" (docs/decisions-auth-client.md,
 * "Session end keeps unsent work"): a session that ends on its own locks the screen and keeps the
 * replica and outbox; only the explicit sign-out deletes, after listing every unsent row.
 */

type Status = 'pending' | 'sending' | 'failed' | 'conflict';

/** An outbox row as IndexedDB holds it: sealed (issue 36), so the document's uuid is read from the clear `target`. */
interface StoredRow {
  clientMutationId: string;
  status: Status;
  target: string;
}

/** The replica of the signed-in user (the sync's registry in localStorage). */
async function replicaOf(page: Page): Promise<string> {
  const entries = await page.evaluate(() => JSON.parse(localStorage.getItem('werkpad.replicas') ?? '[]') as { name: string }[]);
  expect(entries).toHaveLength(1);
  return entries[0]!.name;
}

/** The outbox rows as IndexedDB holds them (null: the replica is gone). */
function outboxRows(page: Page, name: string): Promise<StoredRow[] | null> {
  return page.evaluate(async (db) => {
    if (!(await indexedDB.databases()).some((d) => d.name === db)) return null;
    const open = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(db);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error(req.error?.message ?? 'open failed'));
    });
    const rows = await new Promise<StoredRow[]>((resolve) => {
      const req = open.transaction('outbox').objectStore('outbox').getAll();
      req.onsuccess = () => resolve(req.result as StoredRow[]);
    });
    open.close();
    return rows;
  }, name);
}

/**
 * Puts queued rows into the states the sync leaves them in (in flight, refused, in conflict), with the
 * kept counts row beside them, as the worker's own writes would (workers/replica/outbox-counts.ts). The
 * replica is sealed (issue 36): the page opens the identity's data key from its password wrap in the keyring
 * (WebCrypto, src/lib/device-crypto/keyring.ts) and seals what it writes as the sealing layer does
 * (seal-codec.ts: `$sealed` = IV || AES-256-GCM of 0x01 + JSON, the table and primary key as additional data).
 */
async function setStatuses(page: Page, name: string, statuses: Status[]): Promise<void> {
  await page.evaluate(
    async ({ db, wanted, password }) => {
      const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const encoder = new TextEncoder();
      const entry = JSON.parse(localStorage.getItem(`werkpad.keyring.${db}`) ?? 'null') as {
        wraps: { password?: { iv: string; sealed: string; meta: { salt: string; iterations: number } } };
      } | null;
      const wrap = entry?.wraps.password;
      if (!wrap) throw new Error('no password wrap of the data key on this device');
      const base = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
      const wrapping = await crypto.subtle.deriveKey(
        { name: 'PBKDF2', hash: 'SHA-256', salt: bytes(wrap.meta.salt), iterations: wrap.meta.iterations },
        base, { name: 'AES-GCM', length: 256 }, false, ['decrypt'],
      );
      const raw = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes(wrap.iv), additionalData: encoder.encode(`werkpad-data-key\u0000${db}\u0000password`) },
        wrapping, bytes(wrap.sealed),
      );
      const key = await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
      const aad = (table: string, primaryKey: string) => encoder.encode(`${table}\u0000${JSON.stringify(primaryKey)}`);
      const openSealed = async (table: string, primaryKey: string, sealed: Uint8Array): Promise<Record<string, unknown>> => {
        const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.slice(0, 12), additionalData: aad(table, primaryKey) }, key, sealed.slice(12)));
        if (plain[0] !== 1) throw new Error('a sealed record with bytes: not a test note');
        return JSON.parse(new TextDecoder().decode(plain.subarray(1))) as Record<string, unknown>;
      };
      const seal = async (table: string, primaryKey: string, rest: Record<string, unknown>): Promise<Uint8Array> => {
        const text = encoder.encode(JSON.stringify(rest));
        const plain = new Uint8Array(text.length + 1);
        plain[0] = 1;
        plain.set(text, 1);
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(table, primaryKey) }, key, plain));
        const out = new Uint8Array(12 + sealed.length);
        out.set(iv);
        out.set(sealed, 12);
        return out;
      };

      const open = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(db);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(new Error(req.error?.message ?? 'open failed'));
      });
      const rows = await new Promise<Record<string, unknown>[]>((resolve) => {
        const req = open.transaction('outbox').objectStore('outbox').getAll();
        req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
      });
      // Sealed before the write transaction (WebCrypto is asynchronous; an IndexedDB transaction would close meanwhile).
      const counts = { pending: 0, sending: 0, failed: 0, conflict: 0 };
      const written: Record<string, unknown>[] = [];
      for (const [i, row] of rows.entries()) {
        const status = wanted[i] ?? 'pending';
        counts[status] += 1;
        const id = row.clientMutationId as string;
        const uuid = row.target as string;
        const rest = await openSealed('outbox', id, row.$sealed as Uint8Array);
        const changed = {
          ...rest,
          ...(status === 'sending' ? { sentOnce: true } : {}),
          ...(status === 'failed' ? { error: 'access_denied' } : {}),
          ...(status === 'conflict'
            ? { conflictFields: ['body'], serverDocument: { uuid, body: 'tekst van elders', title: '', _revision: 2 } }
            : {}),
        };
        written.push({ ...row, status, $sealed: await seal('outbox', id, changed) });
      }
      const countsRow = { key: 'outboxCounts', $sealed: await seal('meta', 'outboxCounts', { value: counts }) };
      const tx = open.transaction(['outbox', 'meta'], 'readwrite');
      for (const row of written) tx.objectStore('outbox').put(row);
      tx.objectStore('meta').put(countsRow);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(new Error(tx.error?.message ?? 'write failed'));
      });
      open.close();
    },
    { db: name, wanted: statuses, password: DEMO_PASSWORD },
  );
}

/** Revokes the browser's session from elsewhere (its own request context: the browser keeps its dead cookie). */
async function revokeSession(context: BrowserContext, baseURL: string): Promise<void> {
  const token = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  expect(token).toBeTruthy();
  const outside = await request.newContext({ baseURL });
  expect((await outside.post('/api/oauth/revoke', { data: { token } })).ok()).toBe(true);
  await outside.dispose();
}

function lockScreen(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' }),
    password: page.getByLabel('Wachtwoord', { exact: true }),
    submit: page.getByRole('button', { name: 'Inloggen en verdergaan' }),
  };
}

test('an expired session locks the screen and keeps pending, sending, failed and conflict rows; after the same user signs in the sendable ones arrive', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'coach');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  const replica = await replicaOf(page);

  // Offline: four test notes queued; three then as the sync leaves rows (in flight, refused, in conflict).
  await context.setOffline(true);
  for (let i = 1; i <= 4; i++) {
    await changes.selfTest.click();
    await expect(changes.waiting).toHaveCount(i);
  }
  await setStatuses(page, replica, ['pending', 'sending', 'failed', 'conflict']);
  const queued = (await outboxRows(page, replica))!;
  expect(queued.map((r) => r.status)).toEqual(['pending', 'sending', 'failed', 'conflict']);

  // The session ends elsewhere; the laptop comes back online and the page is reopened.
  await revokeSession(context, baseURL!);
  await context.setOffline(false);
  await page.reload();

  const lock = lockScreen(page);
  await expect(lock.heading).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Uw sessie is verlopen. Log opnieuw in om verder te werken.')).toBeVisible();
  await expect(page.getByText('Uw werk is bewaard op dit apparaat.')).toBeVisible();
  await expect(page).toHaveURL(/\/wijzigingen$/);
  // Nothing of the user's data is on screen while locked.
  await expect(page.getByRole('heading', { level: 1, name: 'Wijzigingen' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // All four rows are still there, and nothing went out under the dead session.
  const kept = await outboxRows(page, replica);
  expect(kept?.map((r) => r.clientMutationId).sort()).toEqual(queued.map((r) => r.clientMutationId).sort());

  // The same user signs in on the lock screen and is back on the page they were on.
  await lock.password.fill(DEMO_PASSWORD);
  await lock.submit.click();
  await changes.expectOpen();
  await expect(page).toHaveURL(/\/wijzigingen$/);

  const sendable = queued.filter((r) => r.status === 'pending' || r.status === 'sending').map((r) => r.target);
  const refused = queued.filter((r) => r.status === 'failed' || r.status === 'conflict').map((r) => r.target);
  await expect.poll(async () => (await serverProbes(context.request)).filter((p) => sendable.includes(p.uuid)).length, { timeout: 60_000 }).toBe(2);
  const onServer = (await serverProbes(context.request)).map((p) => p.uuid);
  expect(onServer.filter((u) => refused.includes(u))).toEqual([]);
  // Each arrived once (revision 1), the refused and conflicting ones wait for the user's decision.
  expect((await serverProbes(context.request)).filter((p) => sendable.includes(p.uuid)).map((p) => p.revision)).toEqual([1, 1]);
  await expect(changes.waiting).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('.outbox-row--failed')).toHaveCount(1);
  await expect(page.locator('.outbox-row--conflict')).toHaveCount(1);
});

test('inactivity while offline locks the screen, also across a reload, and keeps the rows; signing in once online sends them', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signInAs(page, 'expert');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  await waitForServiceWorker(page);
  const replica = await replicaOf(page);
  // A device that cannot check the password itself (no verifier kept): offline the lock screen can only wait.
  await page.evaluate(() => localStorage.removeItem('werkpad.deviceUsers'));
  // Shorten the timeout for this browser (the override can only shorten it; docs/decisions-auth-client.md).
  await page.evaluate(() => localStorage.setItem('werkpad.inactivity', JSON.stringify({ timeoutMs: 10000, countdownMs: 5000 })));
  await page.reload();
  await changes.expectOpen();

  await context.setOffline(true);
  await changes.selfTest.click();
  await expect(changes.waiting).toHaveCount(1);
  const queued = (await outboxRows(page, replica))!;
  expect(queued).toHaveLength(1);

  await expect(page.getByRole('dialog', { name: 'Het scherm wordt zo vergrendeld' })).toBeVisible({ timeout: 15_000 });
  const lock = lockScreen(page);
  await expect(lock.heading).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('U was een tijd niet actief. Het scherm is vergrendeld om de gegevens te beschermen.')).toBeVisible();
  await expect(page.getByText('U bent offline. Uw werk blijft op dit apparaat bewaard. Inloggen kan weer zodra er verbinding is.')).toBeVisible();
  await expect(page.getByText('1 wijziging wacht en wordt verzonden zodra u weer bent ingelogd.')).toBeVisible();
  await expect(lock.submit).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  expect((await outboxRows(page, replica))?.map((r) => r.clientMutationId)).toEqual(queued.map((r) => r.clientMutationId));

  // A reload (offline, from the service worker) stays locked and keeps the row.
  await page.reload();
  await expect(lock.heading).toBeVisible({ timeout: 30_000 });
  expect((await outboxRows(page, replica))?.map((r) => r.clientMutationId)).toEqual(queued.map((r) => r.clientMutationId));

  // Online again: the expert signs in on the lock screen; the row goes out.
  await page.evaluate(() => localStorage.removeItem('werkpad.inactivity'));
  await context.setOffline(false);
  await expect(lock.submit).toBeEnabled();
  await lock.password.fill(DEMO_PASSWORD);
  await lock.submit.click();
  await changes.expectOpen();
  await expect.poll(async () => (await serverProbes(context.request)).some((p) => p.uuid === queued[0]!.target), { timeout: 60_000 }).toBe(true);
  await expect(changes.allSent).toBeVisible({ timeout: 60_000 });
});

test('inactivity while offline locks; the password checked on the device unlocks it offline; a change made then reaches the server once online', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'expert');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  await waitForServiceWorker(page);
  const replica = await replicaOf(page);
  // The online sign-in left a password verifier on this device (docs/decisions-offline-unlock.md).
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('werkpad.deviceUsers') ?? '[]') as unknown[]).length)).toBe(1);
  await page.evaluate(() => localStorage.setItem('werkpad.inactivity', JSON.stringify({ timeoutMs: 10000, countdownMs: 5000 })));
  await page.reload();
  await changes.expectOpen();

  await context.setOffline(true);
  const lock = lockScreen(page);
  await expect(lock.heading).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('U was een tijd niet actief. Het scherm is vergrendeld om de gegevens te beschermen.')).toBeVisible();
  // Offline, the lock screen checks the password on the device instead of waiting for the server.
  const offline = page.getByTestId('lock-offline-unlock');
  await expect(offline).toBeVisible();
  await expect(lock.submit).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.removeItem('werkpad.inactivity'));
  await offline.getByLabel('Wachtwoord', { exact: true }).fill('niet-het-wachtwoord');
  await offline.getByRole('button', { name: 'Ontgrendelen' }).click();
  await expect(page.getByText('Dit wachtwoord klopt niet. Resterende pogingen: 9.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Wijzigingen' })).toHaveCount(0);
  await offline.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await offline.getByRole('button', { name: 'Ontgrendelen' }).click();

  // Back on the same page and replica, opened offline: a change is kept and not pushed yet.
  await changes.expectOpen();
  await expect(page).toHaveURL(/\/wijzigingen$/);
  await expect(page.getByTestId('offline-unconfirmed')).toBeVisible();
  await changes.selfTest.click();
  await expect(changes.waiting).toHaveCount(1);
  const queued = (await outboxRows(page, replica))!;
  expect(queued).toHaveLength(1);

  // Online: the server confirms the session, then the change goes out.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-unconfirmed')).toHaveCount(0, { timeout: 60_000 });
  await expect.poll(async () => (await serverProbes(context.request)).some((p) => p.uuid === queued[0]!.target), { timeout: 60_000 }).toBe(true);
  await expect(changes.allSent).toBeVisible({ timeout: 60_000 });
});

test('the explicit sign-out lists every unsent row, saves them as a readable file, and "keep for later" leaves them for the same user', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInAs(page, 'manager');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  await waitForServiceWorker(page);
  const replica = await replicaOf(page);

  await context.setOffline(true);
  await changes.selfTest.click();
  await expect(changes.waiting).toHaveCount(1);
  await changes.selfTest.click();
  await expect(changes.waiting).toHaveCount(2);
  await setStatuses(page, replica, ['pending', 'failed']);
  const queued = (await outboxRows(page, replica))!;
  // The screens read the outbox through Dexie, which did not see the change made beside it: reopen (offline). The
  // data key lived in the page's memory only (issue 36): the lock screen asks for the password, checked on the device.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
  const unlock = page.getByTestId('lock-offline-unlock');
  await unlock.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await unlock.getByRole('button', { name: 'Ontgrendelen' }).click();
  await changes.expectOpen();
  await expect(page.locator('.outbox-row--failed')).toHaveCount(1);

  await page.getByRole('button', { name: /Gebruikersmenu van/ }).click();
  await page.getByRole('link', { name: 'Uitloggen' }).click();
  const question = page.getByRole('region', { name: 'Uitloggen' });
  await expect(question).toContainText('2 wijzigingen staan nog niet op de server');
  const list = question.getByRole('list', { name: 'Wijzigingen die nog niet op de server staan' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').nth(0)).toContainText('Wacht op verzenden');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Niet verzonden');
  expect(await axeViolations(page)).toEqual([]);

  // Save as a file: a readable JSON download of the rows' operations and inputs.
  const download = page.waitForEvent('download');
  await question.getByRole('button', { name: 'Opslaan als bestand' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^werkpad-niet-verzonden-manager-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('\n  "changes": [');
  const saved = JSON.parse(text) as { count: number; changes: { operation: string; status: string; input: { uuid: string; body: string } }[] };
  expect(saved.count).toBe(2);
  expect(saved.changes.map((c) => [c.operation, c.status, c.input.uuid])).toEqual(queued.map((r) => ['probes.save', r.status, r.target]));
  expect(saved.changes[0]!.input.body).toMatch(/^Zelftest van /);
  await expect(question).toContainText('Opgeslagen als werkpad-niet-verzonden-manager');

  // Keep them for later: signed out, the replica and its outbox stay on the device.
  await question.getByRole('button', { name: 'Bewaren voor later en uitloggen' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await outboxRows(page, replica))?.map((r) => r.clientMutationId)).toEqual(queued.map((r) => r.clientMutationId));

  // The same user signs in again (online): the waiting row goes out, the refused one waits for a decision.
  await context.setOffline(false);
  await signInAs(page, 'manager');
  await changes.goto();
  await expect.poll(async () => (await serverProbes(context.request)).some((p) => p.uuid === queued[0]!.target), { timeout: 60_000 }).toBe(true);
  await expect(page.locator('.outbox-row--failed')).toHaveCount(1);
});
