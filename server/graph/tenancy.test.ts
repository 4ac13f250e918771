import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { schema } from './schema';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { seedDemoIfEmpty } from '../db/seed';
import { createTestDb } from '../test/db';
import type { Db } from '../db/db';
import { createWalker, type Walker } from './testing/schema-walker';

/**
 * The tenancy suite (issue 3, "Done when"): walks the built schema and calls EVERY query and mutation — operations
 * added later are covered without touching this file — as the second demo organisation's administrator and as one
 * of its participants, passing ids (and uuids) of the first organisation's rows for every id-like argument (each
 * optional reference also alone). It proves that
 *   1. no answer (data or error text) carries an identifying value of an org-1 row: its uuid, its (type, id) pair,
 *      or one of its names / e-mail addresses / BSNs / phone numbers;
 *   2. every org-1 row is unchanged after all mutations ran (a hash per table).
 * A leak prints a report naming the operation, the actor and the arguments. TENANCY_DEBUG=1 prints every call.
 */

let db: Db;
let app: Hono;
let walker: Walker;
let org1 = 0;
let snapshotBefore: Map<string, string>;

async function user(username: string): Promise<{ id: number; companyId: number }> {
  const { rows } = await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE username = $1', [username]);
  if (!rows[0]) throw new Error(`demo user ${username} missing`);
  return { id: Number(rows[0].id), companyId: Number(rows[0].company_id) };
}

beforeAll(async () => {
  db = await createTestDb();
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
  app = createApp({ db, config });
  org1 = (await user('admin')).companyId;
  walker = await createWalker({
    name: 'org-1 data answered to org 2',
    db,
    app,
    protectedWhere: (table) => `t.${table === 'companies' ? 'id' : 'company_id'} = ${org1}`,
  });
  snapshotBefore = await walker.snapshot();
}, 300_000);

afterAll(async () => {
  await db?.close();
});

describe('tenancy: org 2 never reaches org 1', () => {
  it('the demo seed has two organisations with data to protect', async () => {
    expect((await user('admin2')).companyId).not.toBe(org1);
    expect(walker.values.idsByTable.get('participants')?.length ?? 0).toBeGreaterThan(0);
    expect(walker.values.texts.size).toBeGreaterThan(20);
  });

  it('as admin2 (administrator of org 2): no operation answers org-1 data', async () => {
    const leaks = await walker.runAs('admin2', await user('admin2'));
    if (leaks.length) console.error(walker.report());
    expect(leaks, walker.report()).toEqual([]);
  }, 600_000);

  it('as participant2 (participant of org 2): no operation answers org-1 data', async () => {
    await walker.forgetUuidsStoredOutside();
    const leaks = await walker.runAs('participant2', await user('participant2'));
    if (leaks.length) console.error(walker.report());
    expect(leaks, walker.report()).toEqual([]);
  }, 600_000);

  it('as manager2 (case manager of org 2, with a caseload): no operation answers org-1 data', async () => {
    await walker.forgetUuidsStoredOutside();
    const leaks = await walker.runAs('manager2', await user('manager2'));
    if (leaks.length) console.error(walker.report());
    expect(leaks, walker.report()).toEqual([]);
  }, 600_000);

  it('impersonating an org-1 user from org 2 is refused and answers nothing of org 1', async () => {
    const token = await walker.tokenFor(await user('admin2'));
    for (const target of ['admin', 'coach', 'participant']) {
      const res = await app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-imitate-user': String((await user(target)).id) },
        body: JSON.stringify({ query: '{ me { __typename id username company { __typename id name } } participants(perPage: 0) { records { __typename id uuid firstname lastname } } }' }),
      });
      const body = (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
      expect(walker.findLeaks(body), `impersonating ${target}`).toEqual([]);
      expect(body.errors?.[0]?.extensions?.code).toMatch(/imitation_forbidden/);
    }
  });

  it('every query and mutation of the schema was exercised', () => {
    const all = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}).map((f) => `query ${f}`),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}).map((f) => `mutation ${f}`),
    ];
    expect(all.filter((op) => !walker.exercised.has(op))).toEqual([]);
    const { stats, errorsSeen } = walker;
    console.log(`tenancy: ${walker.exercised.size} operations in ${stats.calls} calls, ${stats.answered} answered with data; error kinds: ${[...errorsSeen.keys()].join('; ') || 'none'}`);
    expect(stats.answered).toBeGreaterThan(stats.calls / 2);
    console.log(`mutations that succeeded: ${[...walker.succeeded].join(', ') || 'none'}; of those without an audit row: ${[...walker.unaudited].join(', ') || 'none'}`);
  });

  it('no org-1 row changed after all mutations', async () => {
    const after = await walker.snapshot();
    const changed = [...snapshotBefore.keys()].filter((t) => snapshotBefore.get(t) !== after.get(t));
    expect(changed, `org-1 tables changed by org-2 calls: ${changed.join(', ')}`).toEqual([]);
  });

  it('control: the detector recognises org-1 data asked by org 1 itself', async () => {
    const body = await walker.send(
      { actor: 'admin', kind: 'query', field: 'participants', query: '{ participants(perPage: 5) { records { __typename id uuid firstname lastname } } }', variables: {} },
      await walker.tokenFor(await user('admin')),
    );
    expect(walker.findLeaks(body).length).toBeGreaterThan(0);
  });

  it('control: the same walk as org-1 admin does find org-1 data (ids are really org 1 and the detector works)', async () => {
    await walker.forgetUuidsStoredOutside();
    const before = walker.leaks.length;
    const found = await walker.runAs('control-admin1', await user('admin'), ['query']);
    walker.leaks.length = before;
    const operations = new Set(found.map((l) => l.operation));
    for (const op of ['query participant', 'query participants', 'query user', 'query users', 'query me']) expect(operations).toContain(op);
  }, 600_000);
});
