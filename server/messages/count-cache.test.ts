import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { openDb, type Db } from '../db/db';
import { createTestDb } from '../test/db';
import { seedDemoIfEmpty } from '../db/seed';
import { loadConfig } from '../config';
import { createApp } from '../app';
import { createSession } from '../auth/session';
import { graph } from '../test/auth';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { messageCountCacheOf } from './count-cache';

/**
 * The message counts cache (server/messages/count-cache.ts, issue 25): the unread badge is answered
 * without counting again, and a change to the messages is seen by the next badge: at once when this
 * process wrote it (by whatever path), after the `werkpad_changes` notification when another did.
 */

const UNREAD = 'query { messages(tab: inbox, read: false, perPage: 1) { totalItems } }';
const SEND = 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { success reason } }';
let db: Db;
let app: Hono;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
/** Statements that counted messages (the cache's misses). */
let counts = 0;
let sentId = 0;

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoIfEmpty(db);
  app = createApp({ db, config: loadConfig({}) });
  for (const u of ['coach', 'manager']) {
    const { rows } = await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE username = $1', [u]);
    ids.set(u, Number(rows[0]!.id));
    tokens.set(u, (await createSession(db, { id: Number(rows[0]!.id), companyId: Number(rows[0]!.company_id) }, { mfaValidated: true })).token);
  }
  const query = db.query;
  db.query = ((sql: string, params?: readonly unknown[]) => {
    if (sql.startsWith('SELECT count(*)::int AS n FROM messages m')) counts++;
    return query(sql, params);
  });
  const uuid = uuidv7();
  const sent = await graph<{ sendMessage: { success: boolean } }>(app, SEND, {
    token: tokens.get('manager'),
    variables: { input: { clientMutationId: uuidv7(), uuid, subject: 'Teller', body: '<p>Tekst</p>', recipient: { userId: String(ids.get('coach')) } } },
  });
  expect(sent.data?.sendMessage.success).toBe(true);
  sentId = Number((await db.query<{ id: number }>('SELECT id FROM messages WHERE uuid = $1', [uuid])).rows[0]!.id);
  await messageCountCacheOf(db)!.listening();
}, 120_000);

afterAll(async () => {
  await db.close();
});

const badge = async () => {
  const answer = await graph<{ messages: { totalItems: number } }>(app, UNREAD, { token: tokens.get('coach') });
  expect(answer.errors).toBeUndefined();
  return answer.data!.messages.totalItems;
};
const unreadInDb = async () => {
  const { rows } = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM messages WHERE recipient_user_id = $1 AND NOT read AND display AND deleted_at IS NULL',
    [ids.get('coach')],
  );
  return Number(rows[0]!.total);
};

/** Asks until one badge is answered without counting (bounded): the count is cached then. */
async function warm(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const before = counts;
    const n = await badge();
    if (counts === before) return n;
  }
  throw new Error('the badge was never answered from the cache');
}

describe('message counts cache, one process', () => {
  it('answers the unread badge without counting again, with the count in the database', async () => {
    const n = await warm();
    expect(n).toBe(await unreadInDb());
    const before = counts;
    for (let i = 0; i < 3; i++) expect(await badge()).toBe(n);
    expect(counts).toBe(before);
  });

  it('sees a message marked read straight in SQL by this process on the very next badge', async () => {
    const n = await warm();
    await db.query('UPDATE messages SET read = true, read_at = now() WHERE id = $1', [sentId]);
    expect(await badge()).toBe(n - 1);
    await db.query('UPDATE messages SET read = false, read_at = NULL WHERE id = $1', [sentId]);
    expect(await badge()).toBe(n);
  });

  it('sees a message sent through the graph on the very next badge', async () => {
    const n = await warm();
    const sent = await graph<{ sendMessage: { success: boolean } }>(app, SEND, {
      token: tokens.get('manager'),
      variables: { input: { clientMutationId: uuidv7(), uuid: uuidv7(), subject: 'Nog een', body: '<p>Tekst</p>', recipient: { userId: String(ids.get('coach')) } } },
    });
    expect(sent.data?.sendMessage.success).toBe(true);
    expect(await badge()).toBe(n + 1);
  });
});

// Another server process writes through its own connection: only the notification tells this one
// (PGlite is one process: nothing to test there).
describe.runIf(process.env.WERKPAD_TEST_DB === 'postgres')('message counts cache, a write by another process', () => {
  let other: Db;
  beforeAll(async () => {
    const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.WERKPAD_TEST_PG_URL!);
    url.pathname = `/${rows[0]!.name}`;
    other = openDb({ databaseUrl: url.toString() });
  });
  afterAll(async () => {
    await other.close();
  });

  /** Asks until the badge answers something other than `from`, for at most 10 s (the count is cached for 30 s). */
  async function badgeUntilChanged(from: number): Promise<number> {
    for (let i = 0; i < 100; i++) {
      const n = await badge();
      if (n !== from) return n;
      await new Promise((r) => setTimeout(r, 100));
    }
    return from;
  }

  it('drops the cached count when another process marks a message read', async () => {
    const n = await warm();
    await other.query('UPDATE messages SET read = true, read_at = now() WHERE id = $1', [sentId]);
    expect(await badgeUntilChanged(n)).toBe(n - 1);
    await other.query('UPDATE messages SET read = false, read_at = NULL WHERE id = $1', [sentId]);
    expect(await badgeUntilChanged(n - 1)).toBe(n);
  });
});
