import { expect, test, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { MessagesPage, serverInbox, serverUnread } from './pages/messages-page';
import { waitForServiceWorker } from './pages/offline-support';
import { unlockOffline } from './pages/offline-unlock';

const PHONE = { width: 360, height: 740 };

async function signedIn(browser: Browser, username: string, viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  return { context, page };
}

test.describe('messages', () => {
  test('a participant on a phone replies offline; it waits, survives a reload, goes out once online and reaches the coach live', async ({ browser }) => {
    test.setTimeout(240_000);
    const dialogs: string[] = [];
    const participant = await signedIn(browser, 'participant', PHONE);
    participant.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const p = new MessagesPage(participant.page);
    await p.goto('/participant-portal/my-messages');
    await p.waitForMessages();
    await waitForServiceWorker(participant.page);
    await p.waitForMessages();

    const coach = await signedIn(browser, 'coach');
    const c = new MessagesPage(coach.page);
    await c.goto('/berichten');
    await c.waitForMessages();
    await expect.poll(() => c.menuUnread(), { timeout: 30_000 }).toBe(await serverUnread(coach.context.request));
    const coachUnreadBefore = await c.menuUnread();
    await expect(c.unreadTab).toHaveText(String(coachUnreadBefore));
    const coachInboxBefore = new Set((await serverInbox(coach.context.request)).map((m) => m.uuid));

    // The participant's counter agrees with the server; opening an unread message from the coach marks it read.
    await expect.poll(() => p.tabUnread(), { timeout: 30_000 }).toBe(await serverUnread(participant.context.request));
    const fromCoach = participant.page.locator('.message-item--unread').filter({ hasText: 'Sanne Visser' }).first();
    await expect(fromCoach).toBeVisible();
    const participantUnread = await p.tabUnread();
    expect(participantUnread).toBeGreaterThan(0);
    await fromCoach.locator('a').click();
    await expect(p.thread.first()).toBeVisible();
    await expect.poll(() => p.tabUnread(), { timeout: 30_000 }).toBe(participantUnread - 1);
    await expect.poll(() => serverUnread(participant.context.request), { timeout: 30_000 }).toBe(participantUnread - 1);

    // Offline: reply to the coach. The API is refused at the route as well: Chromium's offline emulation did not
    // always hold for the sync worker that a reload starts (the reply then reached the server while "offline").
    const noNetwork = (route: Route) => route.abort('internetdisconnected');
    await participant.context.route('**/api/**', noNetwork);
    await participant.context.setOffline(true);
    await p.reply.click();
    await expect(participant.page.getByTestId('recipient-chosen')).toHaveText('Sanne Visser');
    const text = `Antwoord vanaf mijn telefoon ${Date.now()}`;
    await p.body.fill(text);
    await participant.page.screenshot({ path: 'test-results/messages-phone-compose-offline.png', fullPage: true });
    await p.send.click();
    const mine = p.thread.filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText('Wacht op verzenden');

    // Reload, still offline: the service worker serves the app, the replica and outbox keep the reply.
    await participant.page.reload();
    await unlockOffline(participant.page);
    await p.expectOpen();
    await expect(mine).toBeVisible({ timeout: 30_000 });
    await expect(mine).toContainText('Wacht op verzenden');
    await participant.page.screenshot({ path: 'test-results/messages-phone-waiting.png', fullPage: true });
    await participant.page.goto('/participant-portal/my-messages?tab=sent');
    await unlockOffline(participant.page);
    await expect(p.items.filter({ hasText: 'Wacht op verzenden' })).toHaveCount(1);
    // Nothing reached the coach yet: the reply is not in the coach's inbox on the server. (Counted by its text, so a
    // message someone else sends the coach meanwhile cannot fail this; if one does arrive, say which.)
    const replies = async () => (await serverInbox(coach.context.request)).filter((m) => m.body.includes(text));
    expect(await replies()).toEqual([]);
    const unreadNow = await serverUnread(coach.context.request);
    if (unreadNow !== coachUnreadBefore) {
      const arrivedMeanwhile = (await serverInbox(coach.context.request)).filter((m) => !m.read && !coachInboxBefore.has(m.uuid));
      console.log(`The coach's unread went from ${coachUnreadBefore} to ${unreadNow} while the participant was offline:`, arrivedMeanwhile.map((m) => `${m.sender.name}: ${m.subject}`));
    }

    // Online: sent once; the mark goes; the coach's open browser shows it without a reload, one more unread.
    await participant.context.unroute('**/api/**', noNetwork);
    await participant.context.setOffline(false);
    await expect(p.items.filter({ hasText: 'Wacht op verzenden' })).toHaveCount(0, { timeout: 60_000 });
    await expect.poll(async () => (await replies()).length, { timeout: 60_000 }).toBe(1);
    const [reply] = await replies();
    expect(reply!.read).toBe(false);
    expect(reply!.subject.startsWith('Re:')).toBe(true);
    await expect(c.items.first()).toContainText('Lotte', { timeout: 60_000 });
    await expect(c.items.first()).toHaveClass(/message-item--unread/);
    const unreadWithReply = await serverUnread(coach.context.request);
    expect(unreadWithReply).toBeGreaterThan(unreadNow);
    await expect.poll(() => c.menuUnread(), { timeout: 30_000 }).toBe(unreadWithReply);
    await expect(c.unreadTab).toHaveText(String(unreadWithReply));
    await c.items.first().locator('a').click();
    await expect(c.thread.filter({ hasText: text })).toHaveCount(1);
    await coach.page.screenshot({ path: 'test-results/messages-staff-thread.png', fullPage: true });
    await expect.poll(() => c.menuUnread(), { timeout: 30_000 }).toBe(unreadWithReply - 1);
    await expect.poll(() => p.tabUnread(), { timeout: 30_000 }).toBe(await serverUnread(participant.context.request));
    expect(dialogs).toEqual([]);
    await participant.page.screenshot({ path: 'test-results/messages-phone-thread.png', fullPage: true });
    await coach.context.close();
    await participant.context.close();
  });

  test('archiving three messages at once sends one request', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await signedIn(browser, 'manager');
    const m = new MessagesPage(page);
    await m.goto('/berichten');
    await m.waitForMessages();
    await expect.poll(async () => (await serverInbox(context.request)).length).toBeGreaterThan(3);
    const total = (await serverInbox(context.request)).length;
    const archiveRequests: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/v2/graph') && (r.postData() ?? '').includes('archiveMessage')) archiveRequests.push(r.postData() ?? '');
    });
    await page.screenshot({ path: 'test-results/messages-staff-inbox.png', fullPage: true });
    const subjects = await Promise.all([0, 1, 2].map((i) => m.items.nth(i).locator('.message-item__subject').innerText()));
    for (const i of [0, 1, 2]) await m.items.nth(i).getByRole('checkbox').check();
    await m.archive.click();
    await expect(page.getByText('3 berichten gearchiveerd')).toBeVisible();
    await expect.poll(async () => (await serverInbox(context.request)).length, { timeout: 30_000 }).toBe(total - 3);
    expect(archiveRequests).toHaveLength(1);
    const body = JSON.parse(archiveRequests[0]!) as { variables: Record<string, { ids?: unknown[] }> };
    const ids = Object.values(body.variables).find((input) => Array.isArray(input.ids))?.ids;
    expect(ids).toHaveLength(3);
    await page.getByRole('navigation', { name: 'Mappen' }).getByRole('link', { name: 'Archief' }).click();
    for (const s of subjects) await expect(m.items.filter({ hasText: s }).first()).toBeVisible();
    await context.close();
  });

  test('a body with <img onerror> renders as harmless text and runs nothing', async ({ browser }) => {
    test.setTimeout(120_000);
    const coach = await signedIn(browser, 'coach');
    const dialogs: string[] = [];
    coach.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const c = new MessagesPage(coach.page);
    // Raw HTML straight at the graph endpoint: the server sanitises it.
    const { rows } = { rows: await serverInbox(coach.context.request) };
    expect(rows.length).toBeGreaterThan(0);
    const participantUuidAnswer = await coach.context.request.post('/api/v2/graph', {
      data: { query: '{ messageRecipients(search: "Lotte") { type id name } }' },
    });
    const recipients = ((await participantUuidAnswer.json()) as { data: { messageRecipients: { type: string; id: string }[] } }).data.messageRecipients;
    const lotte = recipients.find((r) => r.type === 'participant')!;
    const uuid = crypto.randomUUID();
    const sent = await coach.context.request.post('/api/v2/graph', {
      data: {
        query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { success reason } }',
        variables: {
          input: {
            clientMutationId: crypto.randomUUID(),
            uuid,
            subject: 'XSS-test',
            body: '<p>Hallo</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">klik</a>',
            recipient: { participantId: lotte.id },
          },
        },
      },
    });
    expect(((await sent.json()) as { data: { sendMessage: { success: boolean } } }).data.sendMessage.success).toBe(true);

    // Typed in the form: stays text.
    await c.goto('/berichten?compose=new');
    await coach.page.getByRole('combobox', { name: 'Aan' }).fill('Lotte');
    await expect(coach.page.getByRole('option', { name: 'Lotte de Vries' })).toBeVisible();
    await coach.page.getByRole('combobox', { name: 'Aan' }).press('ArrowDown');
    await expect(coach.page.getByRole('option', { name: 'Lotte de Vries' })).toHaveAttribute('aria-selected', 'true');
    await coach.page.getByRole('combobox', { name: 'Aan' }).press('Enter');
    await expect(coach.page.getByTestId('recipient-chosen')).toContainText('Lotte');
    await coach.page.getByLabel('Onderwerp').fill('Getypte html');
    await c.body.fill('<img src=x onerror=alert(1)>');
    await c.send.click();
    await expect(coach.page).toHaveURL(/\/berichten\/sent/);
    await c.items.filter({ hasText: 'Getypte html' }).first().locator('a').click();
    await expect(c.thread.first().locator('.message-body')).toHaveText('<img src=x onerror=alert(1)>');
    await expect(c.thread.first().locator('.message-body img')).toHaveCount(0);

    await coach.page.goto(`/berichten/sent?open=${uuid}`);
    const body = c.thread.filter({ hasText: 'Hallo' }).locator('.message-body');
    await expect(body).toContainText('Hallo');
    await expect(body.locator('img, script')).toHaveCount(0);
    await expect(body.locator('a')).not.toHaveAttribute('href', /javascript/);
    await coach.page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    await coach.context.close();
  });

  test('standard portal on a phone: reply with an attachment; a wrong type is refused; the attachment downloads', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await signedIn(browser, 'participant2', PHONE);
    const m = new MessagesPage(page);
    await m.goto('/berichten');
    await m.waitForMessages();
    await m.items.first().locator('a').click();
    await expect(m.thread.first()).toBeVisible();
    await m.reply.click();
    const input = page.getByTestId('attachment-input');
    await input.setInputFiles({ name: 'programma.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByRole('alert').filter({ hasText: 'Dit bestandstype is niet toegestaan' })).toBeVisible();
    await input.setInputFiles({ name: 'rooster.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 rooster') });
    await expect(page.getByText('rooster.pdf (16 B)')).toBeVisible();
    const text = `Mijn rooster ${Date.now()}`;
    await m.body.fill(text);
    await page.screenshot({ path: 'test-results/messages-standard-portal-compose.png', fullPage: true });
    await m.send.click();
    const mine = m.thread.filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Wacht op verzenden')).toHaveCount(0, { timeout: 30_000 });
    const download = page.waitForEvent('download');
    await mine.getByRole('link', { name: /Download rooster\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('rooster.pdf');
    await context.close();
  });

  test('a reply the server refuses (recipient blocked meanwhile) comes back with the reason and the text intact', async ({ browser }) => {
    test.setTimeout(180_000);
    const participant = await signedIn(browser, 'participant', PHONE);
    const p = new MessagesPage(participant.page);
    await p.goto('/participant-portal/my-messages?tab=sent');
    await p.waitForMessages();
    await waitForServiceWorker(participant.page);
    await p.waitForMessages();
    await p.items.filter({ hasText: 'Marieke' }).first().locator('a').click();
    await expect(p.thread.first()).toBeVisible();

    await participant.context.setOffline(true);
    await p.reply.click();
    await expect(participant.page.getByTestId('recipient-chosen')).toContainText('Marieke');
    const text = `Tekst die niet verloren mag gaan ${Date.now()}`;
    await p.body.fill(text);
    await p.send.click();
    await expect(p.thread.filter({ hasText: text })).toContainText('Wacht op verzenden');

    // Meanwhile an administrator blocks the case manager.
    const admin = await signedIn(browser, 'admin');
    const graph = async <T,>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const r = await admin.context.request.post('/api/v2/graph', { data: { query, variables } });
      return ((await r.json()) as { data: T }).data;
    };
    const found = await graph<{ messageRecipients: { type: string; id: string; name: string }[] }>('{ messageRecipients(search: "Marieke") { type id name } }');
    const manager = found.messageRecipients.find((r) => r.type === 'user')!;
    expect((await graph<{ blockUser: { success: boolean } }>('mutation($id: ID) { blockUser(id: $id) { success } }', { id: manager.id })).blockUser.success).toBe(true);

    await participant.context.setOffline(false);
    const failed = participant.page.getByTestId('failed-send');
    await expect(failed).toBeVisible({ timeout: 60_000 });
    await expect(failed).toContainText('U kunt geen bericht sturen aan deze ontvanger');
    await expect(p.thread.filter({ hasText: text })).toHaveCount(0);
    await participant.page.screenshot({ path: 'test-results/messages-phone-refused.png', fullPage: true });
    await failed.getByRole('button', { name: 'Bewerken' }).click();
    await expect(p.body).toHaveValue(text);
    await expect(participant.page.getByTestId('recipient-chosen')).toContainText('Marieke');

    expect((await graph<{ unblockUser: { success: boolean } }>('mutation($id: ID) { unblockUser(id: $id) { success } }', { id: manager.id })).unblockUser.success).toBe(true);
    await p.send.click();
    await expect(failed).toHaveCount(0, { timeout: 60_000 });
    await admin.context.close();
    await participant.context.close();
  });
});
