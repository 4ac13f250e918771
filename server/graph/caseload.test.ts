import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { seedDemoIfEmpty } from '../db/seed';
import { createTestDb } from '../test/db';
import type { Db } from '../db/db';
import { render, type SqlFragment } from '../db/sql';
import { scopeOf, tableScopes } from '../auth/scope';
import { viewerFor } from '../auth/testing/authz-fixtures';
import type { Viewer } from '../auth/viewer';
import { createWalker, type Walker } from './testing/schema-walker';

/**
 * The caseload suite: the same schema walk as the tenancy suite, inside one organisation. A coach without access
 * to all participants, and a participant, call every query and mutation with ids of rows outside their own scope
 * (participants of other caseloads and everything hanging off them, other users' messages and settings,
 * administrators' data, ...). Nothing of those rows may come back and none may change.
 */

let db: Db;
let app: Hono;

/** A scope fragment with its parameters (numbers, flags, the scope's own constant strings) written in, for the walker's trusted SQL conditions. */
function inline(fragment: SqlFragment): string {
  const { text, values } = render(fragment);
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = values[Number(n) - 1];
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    // a company switch compared in SQL ('disabled', 'none'): a literal with its quotes doubled
    if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
    throw new Error(`cannot inline ${typeof v}`);
  });
}

/** Server bookkeeping that a permitted call appends to (audit rows, mails, sessions) is not compared. */
const BOOKKEEPING = new Set(['audit_log', 'email_outbox', 'auth_tokens', 'sessions', 'processed_mutations', 'sync_keys', 'auth_failures', 'auth_known_addresses']);

async function walkerFor(username: string): Promise<{ walker: Walker; viewer: Viewer; before: Map<string, string> }> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  const viewer = await viewerFor(db, Number(rows[0]?.id));
  const walker = await createWalker({
    name: `rows outside the scope of ${username}`,
    db,
    app,
    protectedWhere: (table) => (table in tableScopes ? `NOT (${inline(scopeOf(table)(viewer, 't'))})` : null),
    snapshotTable: (table) => !BOOKKEEPING.has(table),
  });
  return { walker, viewer, before: await walker.snapshot() };
}

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoIfEmpty(db);
  const config = loadConfig({ WERKPAD_STATIC_DIR: '/nonexistent', WERKPAD_DEV_TOOLS: '0', PUBLIC_URL: 'https://werkpad.test' });
  app = createApp({ db, config });
}, 300_000);

afterAll(async () => {
  await db?.close();
});

describe.each(['coach', 'participant'])('scope inside the organisation: %s', (username) => {
  let ctx: Awaited<ReturnType<typeof walkerFor>>;

  beforeAll(async () => {
    ctx = await walkerFor(username);
  }, 300_000);

  it('has rows outside its scope to protect', () => {
    expect(ctx.viewer.accessToAllParticipants).toBe(false);
    expect(ctx.walker.values.idsByTable.get('participants')?.length ?? 0).toBeGreaterThan(0);
  });

  it('no query or mutation answers a row outside the scope', async () => {
    const leaks = await ctx.walker.runAs(username, { id: ctx.viewer.userId, companyId: ctx.viewer.companyId });
    if (leaks.length) console.error(ctx.walker.report());
    expect(leaks, ctx.walker.report()).toEqual([]);
  }, 600_000);

  it('no row outside the scope changed', async () => {
    const after = await ctx.walker.snapshot();
    const changed = [...ctx.before.keys()].filter((t) => ctx.before.get(t) !== after.get(t));
    expect(changed, `tables changed outside the scope of ${username}: ${changed.join(', ')}`).toEqual([]);
  });

  it('control: the administrator, who may see those rows, does get them from the same walk', async () => {
    const { rows } = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    const before = ctx.walker.leaks.length;
    const found = await ctx.walker.runAs('control-admin', { id: Number(rows[0]?.id), companyId: ctx.viewer.companyId }, ['query']);
    ctx.walker.leaks.length = before;
    const operations = new Set(found.map((l) => l.operation));
    for (const op of ['query participant', 'query participants']) expect(operations).toContain(op);
  }, 600_000);
});
