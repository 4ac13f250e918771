import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { schema } from '../graph/schema';
import { cachedRowCost, RateLimiter, ROW_BUDGET, rowCost } from '../graph/row-cost';

/**
 * Issue 20, "one staff user can stall the server for everyone": 30 aliases of participants(perPage: 0)
 * with nested coach, manager, project and company took 20–29 s, and a participant's `{ me { id } }` waited.
 */
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

const NESTED = 'records { id firstname coach { id surname } manager { id surname } project { id name } company { id name } }';
const ATTACK = `query { ${Array.from({ length: 30 }, (_, i) => `a${i}: participants(perPage: 0) { totalItems ${NESTED} }`).join(' ')} }`;

describe('row cost', () => {
  it('counts page size × selection; perPage 0 counts as the largest page; nested lists multiply', () => {
    const one = rowCost(schema, parse(`{ participants(perPage: 0) { ${NESTED} } }`));
    expect(one).toBe(1 + 500 * 5);
    expect(rowCost(schema, parse('{ participants(perPage: 10) { records { id } } }'))).toBe(1 + 10);
    expect(rowCost(schema, parse('query($n: Int) { participants(perPage: $n) { records { id } } }'), { n: 0 })).toBe(501);
    expect(rowCost(schema, parse(ATTACK))).toBeGreaterThan(ROW_BUDGET);
    expect(rowCost(schema, parse('{ me { id } }'))).toBeLessThan(10);
  });

  it('kept per query text only when the cost reads no variable (issue 25): the same document costs what its variables ask', () => {
    const paged = parse('query($n: Int) { participants(perPage: $n) { records { id } } }');
    expect(cachedRowCost(schema, paged, { n: 10 }, undefined)).toBe(11);
    expect(cachedRowCost(schema, paged, { n: 0 }, undefined)).toBe(501);
    const attack = parse(`query($n: Int) { ${Array.from({ length: 30 }, (_, i) => `a${i}: participants(perPage: $n) { ${NESTED} }`).join(' ')} }`);
    expect(cachedRowCost(schema, attack, { n: 1 }, undefined)).toBeLessThan(ROW_BUDGET);
    expect(cachedRowCost(schema, attack, { n: 0 }, undefined)).toBeGreaterThan(ROW_BUDGET);
    // A pull's cost does not depend on its variables: the same for any checkpoint and limit.
    const pull = parse('query($cp: PullCheckpointInput!, $limit: Int) { pullMessages(checkpoint: $cp, limit: $limit) { documents } }');
    expect(cachedRowCost(schema, pull, { cp: { seq: 0, scopeKey: null }, limit: 10 }, undefined)).toBe(rowCost(schema, pull, { limit: 9000 }));
    expect(cachedRowCost(schema, parse('{ me { id } }'), {}, undefined)).toBe(rowCost(schema, parse('{ me { id } }')));
  });

  it('counts what the server answers: a paged list without perPage is the default page; a list of scalars is part of its row', () => {
    // pageClause answers 15 rows when perPage is absent: not 50, not "unpaged"
    expect(rowCost(schema, parse('{ participants { records { id coach { id } } } }'))).toBe(1 + 15 * 2);
    // an audit row's chain is a column of that row: 500 rows with their chains fit, as the audit page of the app does
    expect(rowCost(schema, parse('{ auditLog(perPage: 0) { records { id chain } } }'))).toBe(1 + 500);
    expect(rowCost(schema, parse('{ auditLog(perPage: 0) { records { id chain } } }'))).toBeLessThanOrEqual(ROW_BUDGET);
  });

  it('the 30-alias request is refused before it runs, while another user is served', async () => {
    const started = Date.now();
    const [attack, me] = await Promise.all([t.gql('manager', ATTACK), t.gql<{ me: { id: string } }>('participant', '{ me { id } }')]);
    const ms = Date.now() - started;
    expect(attack.data ?? null).toBeNull();
    expect(attack.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_EXPENSIVE');
    expect(me.errors).toBeUndefined();
    expect(me.data?.me.id).toBe(String(await t.userId('participant')));
    console.log(`30-alias request refused and { me { id } } served together in ${ms} ms`);
  });

  it('one full page with nested references is answered, its references read in one query per table', async () => {
    const db = t.db as unknown as { query: (text: string, params?: unknown[]) => Promise<unknown> };
    const original = db.query.bind(db);
    const texts: string[] = [];
    db.query = (text: string, params?: unknown[]) => {
      texts.push(text);
      return original(text, params);
    };
    let res;
    try {
      res = await t.gql<{ participants: { records: { coach: { id: string } | null }[] } }>('admin', `{ participants(perPage: 0, includeHidden: true) { ${NESTED} } }`);
    } finally {
      db.query = original;
    }
    expect(res.errors).toBeUndefined();
    const rows = res.data?.participants.records ?? [];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.some((r) => r.coach !== null)).toBe(true);
    const perTable = (table: string) => texts.filter((q) => q.includes(`FROM ${table} t WHERE t.id`)).length;
    expect(perTable('users')).toBe(1);
    expect(perTable('projects')).toBeLessThanOrEqual(1);
    expect(perTable('companies')).toBe(1);
    expect(texts.length).toBeLessThan(20);
  });
});

describe('rate limit per user', () => {
  it('a user past their burst waits; another user is not affected', () => {
    const limiter = new RateLimiter({ requestBurst: 3, requestsPerSecond: 1, rowBurst: 1_000, rowsPerSecond: 100 });
    const now = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('u:1', 1, now))).toEqual([0, 0, 0]);
    expect(limiter.take('u:1', 1, now)).toBeGreaterThan(0);
    expect(limiter.take('u:2', 1, now)).toBe(0);
    expect(limiter.take('u:1', 1, now + 1_000)).toBe(0);
    // rows count too: a user who asked many rows waits for them to refill
    expect(limiter.take('u:3', 900, now)).toBe(0);
    expect(limiter.take('u:3', 900, now)).toBe(8);
  });
});
