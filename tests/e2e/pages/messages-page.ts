import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The message screens (/berichten, /participant-portal/my-messages): tabs, list, thread, compose. */
export class MessagesPage {
  readonly items: Locator;
  readonly unreadTab: Locator;
  readonly menuBadge: Locator;
  readonly thread: Locator;
  readonly archive: Locator;
  readonly reply: Locator;
  readonly body: Locator;
  readonly send: Locator;

  constructor(private readonly page: Page) {
    this.items = page.getByTestId('message-item');
    this.unreadTab = page.locator('.messages__tab .messages__count');
    this.menuBadge = page.locator('.main-menu').getByTestId('unread-badge').first();
    this.thread = page.getByTestId('thread-message');
    this.archive = page.getByRole('button', { name: 'Archiveren' });
    this.reply = page.getByRole('link', { name: 'Beantwoorden' });
    this.body = page.getByLabel('Bericht', { exact: true });
    this.send = page.getByRole('button', { name: 'Versturen' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Berichten', level: 1 })).toBeVisible({ timeout: 30_000 });
  }

  /** Waits until the first sync brought messages into the replica. */
  async waitForMessages(): Promise<void> {
    await expect(this.items.first()).toBeVisible({ timeout: 60_000 });
  }

  /** The unread counter on the Postvak IN tab (0 when it is not shown). */
  /**
   * Read in one step: a count() then innerText() pair races the counter going away (the last unread
   * message opened), and innerText then waits for an element that never comes back.
   */
  async tabUnread(): Promise<number> {
    return counterValue(await this.unreadTab.allInnerTexts());
  }

  async menuUnread(): Promise<number> {
    return counterValue(await this.menuBadge.locator('[aria-hidden="true"]').allInnerTexts());
  }
}

/** A counter shown as one element with a number, or absent (0). */
function counterValue(texts: string[]): number {
  expect(texts.length).toBeLessThanOrEqual(1);
  return texts.length === 0 ? 0 : Number(texts[0]!.trim());
}

/** The unread count as the server sees it (same cookies as the page). */
export async function serverUnread(api: APIRequestContext): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await api.post('/api/v2/graph', {
        data: { query: '{ messages(tab: inbox, read: false, perPage: 1) { totalItems } }' },
      });
      const body = (await response.json()) as { data?: { messages: { totalItems: number } }; errors?: unknown[] };
      expect(body.errors).toBeUndefined();
      return body.data?.messages.totalItems ?? -1;
    } catch (error) {
      // A keep-alive connection from before the context went offline may be reset: ask again.
      if (attempt >= 2 || !String(error).includes('ECONNRESET')) throw error;
    }
  }
}

export interface InboxMessage { id: string; uuid: string; subject: string; read: boolean; body: string; sender: { name: string } }

export async function serverInbox(api: APIRequestContext): Promise<InboxMessage[]> {
  const response = await api.post('/api/v2/graph', {
    data: { query: '{ messages(tab: inbox, perPage: 0) { records { id uuid subject read body sender { name } } } }' },
  });
  const body = (await response.json()) as { data?: { messages: { records: InboxMessage[] } } };
  return body.data?.messages.records ?? [];
}
