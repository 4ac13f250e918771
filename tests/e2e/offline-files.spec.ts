import { expect, test, type BrowserContext, type Request, type Route } from '@playwright/test';
import { phoneSignedIn, serverGraph, waitForServiceWorker } from './pages/portal-page';
import { graph, signedIn } from './pages/work-plans-page';
import { unlockOffline } from './pages/offline-unlock';

/**
 * One queue (issue 18): uploads and settings are declared writes of the outbox, the file kept on the
 * device beside its row. Two tabs share one outbox and one leader, so each write reaches the server
 * once, in the order it was made; a coach adds a plan file offline and it arrives once online; the
 * progress of a file being sent shows.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The graph requests that reached the server and were answered, by the mutations they carried, in order. */
function answeredWrites(context: BrowserContext, names: readonly string[]): { seen: string[] } {
  const seen: string[] = [];
  context.on('requestfinished', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/v2/graph')) return;
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    void request.response().then(async (response) => {
      if (!response || response.status() !== 200) return;
      const answer = await response.text().catch(() => '');
      if (!answer.includes('"success":true')) return;
      for (const name of names) if (new RegExp(`\\b${name}\\(`).test(body)) seen.push(name);
    });
  });
  return { seen };
}

/** Holds multipart requests until released, so the progress of a file on its way can be seen. */
function holdUploads(): { route: (route: Route) => Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return {
    route: async (route: Route) => {
      if ((route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data')) await held;
      await route.continue();
    },
    release: () => release(),
  };
}

test('a participant uploads a document and changes a setting offline in two tabs: each reaches the server once, in order, with progress shown', async ({ browser }) => {
  test.setTimeout(300_000);
  const { context, page } = await phoneSignedIn(browser, 'participant');
  await page.goto('/participant-portal/my-documents');
  await expect(page.getByRole('heading', { name: 'Mijn documenten' })).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(page);
  const other = await context.newPage();
  await other.goto('/participant-portal/my-settings');
  await expect(other.getByRole('button', { name: 'Instellingen bewaren' })).toBeVisible({ timeout: 30_000 });
  const before = (await serverGraph<{ settings: { theme?: string } }>(context.request, '{ settings }')).settings.theme;
  const [label, theme] = before === 'dark' ? ['Licht', 'light'] : ['Donker', 'dark'];
  const answered = answeredWrites(context, ['participantAddDocument', 'setUserSettings']);

  // Offline: the document in the first tab, then the setting in the second.
  await context.setOffline(true);
  const name = `diploma-${Date.now()}.pdf`;
  await page.getByTestId('document-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  const row = page.getByTestId('document').filter({ hasText: name });
  await expect(row.getByTestId('upload-state')).toHaveText('Wacht op verbinding');
  await other.getByLabel(label).check();
  await other.getByRole('button', { name: 'Instellingen bewaren' }).click();
  await expect.poll(() => other.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  // The second tab shows the same queue: the document waits there too.
  await other.goto('/participant-portal/my-documents');
  await unlockOffline(other);
  await expect(other.getByTestId('document').filter({ hasText: name }).getByTestId('upload-state')).toHaveText('Wacht op verbinding', { timeout: 30_000 });

  // Online, with the upload held on its way: its progress shows in both tabs, then it arrives.
  const hold = holdUploads();
  await context.route('**/api/v2/graph', hold.route);
  await context.setOffline(false);
  for (const tab of [page, other]) {
    const state = tab.getByTestId('document').filter({ hasText: name }).getByTestId('upload-state');
    await expect(state).toHaveText(/^Wordt verstuurd: \d+%$/, { timeout: 60_000 });
  }
  await expect(row.getByRole('progressbar')).toBeVisible();
  hold.release();
  await expect(row.getByTestId('upload-state')).toHaveCount(0, { timeout: 60_000 });
  await expect(row.getByRole('link', { name: `${name} downloaden` })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await serverGraph<{ settings: { theme?: string } }>(context.request, '{ settings }')).settings.theme, { timeout: 60_000 })
    .toBe(theme);
  const docs = await serverGraph<{ participantDocuments: { records: { name: string }[] } }>(context.request, '{ participantDocuments(perPage: 0) { records { name } } }');
  expect(docs.participantDocuments.records.filter((d) => d.name === name)).toHaveLength(1);
  // Exactly one accepted request of each, the document first (it was made first).
  await expect.poll(() => answered.seen.length, { timeout: 30_000 }).toBe(2);
  expect(answered.seen).toEqual(['participantAddDocument', 'setUserSettings']);
  await context.unroute('**/api/v2/graph', hold.route);

  // The theme as it was: the specs share the demo data, and the portal's axe test follows the device's scheme.
  const was = before === 'dark' || before === 'light' ? before : 'automatic';
  await other.goto('/participant-portal/my-settings');
  await other.getByLabel({ light: 'Licht', dark: 'Donker', automatic: 'Automatisch (zoals uw toestel)' }[was]).check();
  await other.getByRole('button', { name: 'Instellingen bewaren' }).click();
  await expect
    .poll(async () => (await serverGraph<{ settings: { theme?: string } }>(context.request, '{ settings }')).settings.theme ?? 'automatic', { timeout: 60_000 })
    .toBe(was);
  await context.close();
});

test('a coach adds a plan file offline (kept through a reload); it arrives once online, with its progress shown', async ({ browser }) => {
  test.setTimeout(300_000);
  const { context, page } = await signedIn(browser, 'coach', { width: 1024, height: 768 });
  const plans = await graph<{ workPlans: { records: { uuid: string; files: { name: string }[] }[] } }>(
    context.request,
    '{ workPlans(filter: 5, perPage: 100) { records { uuid files { name } } } }',
  );
  const plan = plans.workPlans.records[0];
  expect(plan, 'a started plan of the coach').toBeTruthy();
  await page.goto(`/work-plan/${plan!.uuid}`);
  const section = page.getByTestId('plan-files');
  await expect(section.getByRole('heading', { name: 'Bestanden' })).toBeVisible({ timeout: 60_000 });
  await waitForServiceWorker(page);
  await expect(section.getByRole('heading', { name: 'Bestanden' })).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  const name = `verslag-offline-${Date.now()}.pdf`;
  await section.getByLabel('Bestand kiezen').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await section.getByRole('button', { name: 'Uploaden' }).click();
  await expect(section.getByText(`${name} wordt verstuurd zodra er verbinding is.`)).toBeVisible();
  const row = section.getByTestId('plan-file').filter({ hasText: name });
  await expect(row).toContainText('nog niet verstuurd');
  await page.reload();
  await unlockOffline(page);
  await expect(row).toContainText('nog niet verstuurd', { timeout: 60_000 });
  const serverFiles = async () =>
    (await graph<{ workPlans: { records: { uuid: string; files: { name: string }[] }[] } }>(context.request, '{ workPlans(filter: 5, perPage: 100) { records { uuid files { name } } } }')).workPlans.records
      .find((p) => p.uuid === plan!.uuid)
      ?.files.filter((f) => f.name === name).length;

  const hold = holdUploads();
  await context.route('**/api/v2/graph', hold.route);
  await context.setOffline(false);
  await expect(section.getByRole('progressbar', { name: new RegExp(`^${name.replace(/\./g, '\\.')} wordt verstuurd: \\d+%$`) })).toBeVisible({ timeout: 60_000 });
  expect(await serverFiles()).toBe(0);
  hold.release();
  await expect(row).not.toContainText('nog niet verstuurd', { timeout: 60_000 });
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await expect.poll(serverFiles, { timeout: 30_000 }).toBe(1);
  await context.unroute('**/api/v2/graph', hold.route);
  await context.close();
});
