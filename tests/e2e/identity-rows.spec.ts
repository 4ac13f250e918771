/**
 * Identity per row and per replica (issue 18, docs/decisions-sync.md): a change made while
 * impersonating goes out only under that impersonation, and leaving it asks first; another user
 * signing in on the same device never sends, sees or deletes the first user's changes.
 */
import { expectAccessible } from './pages/axe';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { graph, signedInApi, userId } from './pages/api';
import { ChangesPage } from './pages/changes-page';
import { serverProbes, signInAs } from './pages/offline-support';
import { ShellPage } from './pages/shell-page';

let ids: { admin: number; coach: number };

test.beforeAll(async ({ baseURL }) => {
  const api = await signedInApi(baseURL ?? '', 'admin');
  ids = { admin: await userId(api, 'admin'), coach: await userId(api, 'coach') };
  await api.dispose();
});

interface AuditRecord {
  action: string;
  result: string;
  userId: string | null;
  onBehalfOfUserId: string | null;
  chain: string[];
  subjectId: string | null;
}

/** The audit rows of accepted self-test notes for one note (the administrator reads the log). */
async function auditOf(baseURL: string, uuid: string): Promise<AuditRecord[]> {
  const api = await signedInApi(baseURL, 'admin');
  try {
    const data = await graph<{ auditLog: { records: AuditRecord[] } }>(
      api,
      '{ auditLog(action: "write.saveSyncProbe", perPage: 500) { records { action result userId onBehalfOfUserId chain subjectId } } }',
    );
    return data.auditLog.records.filter((r) => r.subjectId === uuid);
  } finally {
    await api.dispose();
  }
}

/** The coach's self-test notes on the server (the coach's own session, not the page's). */
async function coachProbes(baseURL: string): Promise<string[]> {
  const api: APIRequestContext = await signedInApi(baseURL, 'coach');
  try {
    return (await serverProbes(api)).map((p) => p.uuid);
  } finally {
    await api.dispose();
  }
}

/** The outbox rows of a replica on this device, read straight from IndexedDB. */
async function outboxOf(page: Page, name: string): Promise<{ uuid: string; identity: string | undefined; status: string }[]> {
  return page.evaluate(async (db) => {
    const open = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(db);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(new Error(req.error?.message ?? 'open failed'));
    });
    const rows = await new Promise<{ target: string; identity?: string; status: string }[]>((resolve) => {
      const req = open.transaction('outbox').objectStore('outbox').getAll();
      req.onsuccess = () => resolve(req.result as { target: string; identity?: string; status: string }[]);
    });
    open.close();
    // Sealed rows (issue 36): the document's uuid is the row's clear target.
    return rows.map((r) => ({ uuid: r.target, identity: r.identity, status: r.status }));
  }, name);
}

async function replicas(page: Page): Promise<{ name: string; userId: number; identity: string }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('werkpad.replicas') ?? '[]') as { name: string; userId: number; identity: string }[]);
}

test('an impersonation left with a pending change asks first; kept, it goes out later under the chain it was made under', async ({ context, page, baseURL }) => {
  test.setTimeout(240_000);
  const shell = new ShellPage(page);
  const changes = new ChangesPage(page);
  await signInAs(page, 'admin');
  await shell.expectStaffHome('Femke');
  await page.goto(`/user/login-as/id/${ids.coach}`);
  await shell.expectStaffHome('Sanne');
  await changes.goto();
  await changes.waitForFirstSync();

  // The change cannot reach the server for now (its pushes fail), so it waits while online.
  const before = new Set(await coachProbes(baseURL!));
  const blockPush = (route: Route) => ((route.request().postData() ?? '').includes('mutation Push') ? route.abort('failed') : route.continue());
  await context.route('**/api/v2/graph', blockPush);
  await changes.selfTest.click();
  await expect(changes.waiting).toHaveCount(1);
  const chainReplica = (await replicas(page)).find((r) => r.identity.endsWith(`:${ids.coach}`) && r.name.includes('-via-'));
  expect(chainReplica?.name).toBe(`werkpad-${chainReplica?.name.split('-')[1]}-${ids.coach}-via-${ids.admin}.${ids.coach}`);
  const [row] = await outboxOf(page, chainReplica!.name);
  expect(row?.identity).toMatch(new RegExp(`^\\d+:${ids.admin}>${ids.coach}$`));

  // Leaving asks first.
  await shell.stopImpersonating();
  const question = page.getByRole('region', { name: 'Imitatie verlaten' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('1 wijziging die u als Sanne Visser maakte, staat nog niet op de server.');
  await expect(question.getByRole('button', { name: 'Nu verzenden en verlaten' })).toBeVisible();
  await expect(question.getByRole('button', { name: 'Weggooien en verlaten' })).toBeVisible();
  await expect(shell.banner).toBeVisible();
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Bewaren en verlaten' }).click();
  await shell.expectStaffHome('Femke');
  await expect(shell.banner).toHaveCount(0);

  // Kept on this device under its chain, not sent, shown to the administrator as waiting for that impersonation.
  await context.unroute('**/api/v2/graph', blockPush);
  await changes.goto();
  await changes.waitForFirstSync();
  await expect(page.getByTestId('waiting-for-other')).toHaveText(/^1 wijziging wacht op Sanne Visser \(Femke .+\)$/);
  await expect(changes.waiting).toHaveCount(0);
  expect(await outboxOf(page, chainReplica!.name)).toEqual([{ uuid: row!.uuid, identity: row!.identity, status: 'pending' }]);
  expect(await coachProbes(baseURL!)).not.toContain(row!.uuid);

  // The same impersonation again: the change goes out, and the audit log names the real user and the impersonated one.
  await page.goto(`/user/login-as/id/${ids.coach}`);
  await shell.expectStaffHome('Sanne');
  await expect.poll(async () => coachProbes(baseURL!), { timeout: 60_000 }).toContain(row!.uuid);
  expect((await coachProbes(baseURL!)).filter((u) => !before.has(u))).toEqual([row!.uuid]);
  const audit = await auditOf(baseURL!, row!.uuid);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ result: 'success', userId: String(ids.admin), onBehalfOfUserId: String(ids.coach), chain: [String(ids.admin), String(ids.coach)] });
});

test("a second user signing in on the device never sends, sees or deletes the first user's changes; the first user's next sign-in sends them", async ({
  context,
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const changes = new ChangesPage(page);
  await signInAs(page, 'coach');
  await changes.goto();
  await changes.waitForFirstSync();
  const coachReplica = (await replicas(page)).find((r) => r.userId === ids.coach)!.name;

  // Offline, the coach saves a change; the session then ends without a sign-out (the browser's cookies go).
  await context.setOffline(true);
  await changes.selfTest.click();
  await expect(changes.waiting).toHaveCount(1);
  const [row] = await outboxOf(page, coachReplica);
  expect(row?.identity).toMatch(new RegExp(`^\\d+:${ids.coach}$`));
  await page.close();
  await context.clearCookies();
  await context.setOffline(false);

  // Another user signs in on the same device.
  const second = await context.newPage();
  const otherChanges = new ChangesPage(second);
  await signInAs(second, 'expert');
  await otherChanges.goto();
  await otherChanges.waitForFirstSync();
  await expect(second.getByTestId('waiting-for-other')).toHaveText('1 wijziging wacht op Sanne Visser');
  await expect(otherChanges.waiting).toHaveCount(0);
  await expect(second.locator('.outbox-row')).toHaveCount(0);
  await expectAccessible(second);
  expect(await coachProbes(baseURL!)).not.toContain(row!.uuid);
  expect(await outboxOf(second, coachReplica)).toEqual([{ uuid: row!.uuid, identity: row!.identity, status: 'pending' }]);

  // The second user signs out: the coach's change stays on the device, unsent.
  await new ShellPage(second).signOut();
  await expect(second).toHaveURL(/\/login/);
  expect(await outboxOf(second, coachReplica)).toEqual([{ uuid: row!.uuid, identity: row!.identity, status: 'pending' }]);
  expect(await coachProbes(baseURL!)).not.toContain(row!.uuid);

  // The coach signs in again on the device: the change goes out, as the coach.
  await signInAs(second, 'coach');
  await expect.poll(async () => coachProbes(baseURL!), { timeout: 60_000 }).toContain(row!.uuid);
  const audit = await auditOf(baseURL!, row!.uuid);
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ result: 'success', userId: String(ids.coach), onBehalfOfUserId: null, chain: [String(ids.coach)] });
});
