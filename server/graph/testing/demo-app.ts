import type { Hono } from 'hono';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { createSession } from '../../auth/session';
import { seedDemoIfEmpty } from '../../db/seed';
import { createTestDb } from '../../test/db';
import type { Db } from '../../db/db';

/** The app on a fresh database with the demo seed, and helpers to act as a demo user (no password round trip). */
export interface DemoApp {
  app: Hono;
  db: Db;
  /** user id by demo username */
  userId(username: string): Promise<number>;
  /** a fresh, second-factor-validated session token of a demo user */
  tokenOf(username: string): Promise<string>;
  gql<T = Record<string, unknown>>(username: string | null, query: string, variables?: Record<string, unknown>): Promise<{ data: T | null; errors?: { message: string; extensions?: { code?: string } }[] }>;
  rest(username: string | null, path: string, method?: string): Promise<Response>;
}

export async function createDemoApp(): Promise<DemoApp> {
  const db = await createTestDb();
  await seedDemoIfEmpty(db);
  const config = loadConfig({
    WERKPAD_STATIC_DIR: '/nonexistent',
    WERKPAD_DEV_TOOLS: '0',
    PUBLIC_URL: 'https://werkpad.test',
    // The walk sends thousands of calls per actor: with the per-user rate limit on, how many are refused
    // as RATE_LIMITED (and so never reach the scope checks under test) depends on the machine's speed.
    // The limiter has its own tests (server/security/graph-cost.test.ts).
    WERKPAD_GRAPH_RATE_LIMIT: '0',
  });
  const app = createApp({ db, config });
  const userRow = async (username: string) => {
    const { rows } = await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE username = $1', [username]);
    if (!rows[0]) throw new Error(`no demo user ${username}`);
    return { id: Number(rows[0].id), companyId: Number(rows[0].company_id) };
  };
  const tokenOf = async (username: string) => (await createSession(db, await userRow(username), { mfaValidated: true })).token;
  const auth = async (username: string | null): Promise<Record<string, string>> =>
    username ? { authorization: `Bearer ${await tokenOf(username)}` } : {};
  return {
    app,
    db,
    userId: async (u) => (await userRow(u)).id,
    tokenOf,
    async gql(username, query, variables = {}) {
      const res = await app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await auth(username)) },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as never;
    },
    async rest(username, path, method = 'GET') {
      return app.request(path, { method, headers: await auth(username) });
    },
  };
}
