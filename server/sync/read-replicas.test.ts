/**
 * Read replicas (issue 26, docs/read-replicas.md). The routing decisions run everywhere against
 * scripted servers (what a primary and a standby answer to the routing's own statements). With
 * WERKPAD_TEST_DB=postgres-replica (`npm run test:server:pg-replica`) the pulls run against a real
 * primary and hot standby (tests/setup/postgres.ts): no row skipped while writers commit, read-your-
 * writes while the standby's replay is paused, a failed standby skipped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type QueryResult } from '../db/db';
import { lsnValue, openDatabase, readReplicas, withReplicas, type ReadReplicas } from '../db/replicas';
import { checkpointNeeds } from './read-route';
import { signCheckpoint } from './checkpoint';
import { createTestApp, standbySuite, type SyncFixture } from './test-fixture';
import { testDbMode, whileReplayPaused } from '../test/replica';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import type { PullAnswer, PushAnswer } from '../../src/domain/sync/types';

/** A server that answers the routing's statements from `state`; `fail` makes every statement throw. */
function scripted(state: { lsn: number; recovery: boolean; fail?: boolean }): Db & { statements: string[] } {
  const statements: string[] = [];
  const hex = (n: number) => `${Math.floor(n / 2 ** 32).toString(16)}/${(n % 2 ** 32).toString(16)}`;
  const query = <T,>(text: string): Promise<QueryResult<T>> => {
    statements.push(text);
    if (state.fail) return Promise.reject(new Error('connection refused'));
    const row: Record<string, unknown> = { lsn: hex(state.lsn), recovery: state.recovery, ok: true, mark: 7 };
    return Promise.resolve({ rows: [row as T], rowCount: 1 });
  };
  return {
    kind: 'postgres',
    statements,
    query,
    exec: () => Promise.resolve(),
    transaction: (fn) => fn({ query, exec: () => Promise.resolve() }),
    listen: () => Promise.reject(new Error('no listen here')),
    writeCount: () => 0,
    close: () => Promise.resolve(),
  };
}

describe('read routing decisions', () => {
  it('reads LSNs as numbers', () => {
    expect(lsnValue('0/10')).toBe(16);
    expect(lsnValue('1/0')).toBe(2 ** 32);
    expect(lsnValue(null)).toBe(-1);
  });

  it('without read URLs everything stays on the one database', async () => {
    // Pools connect on first use: nothing is listening on port 1, and nothing needs to.
    const db = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', readUrls: [] });
    expect(db.kind).toBe('postgres');
    expect(db.replicas).toBeUndefined();
    await db.close();
    const routed = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', readUrls: ['postgres://postgres@127.0.0.1:2/none'] });
    expect(routed.replicas?.standbys.length).toBe(1);
    await routed.close();
  });

  it('a caught-up standby serves; a session whose last write it has not replayed reads the primary until it has', async () => {
    const primaryState = { lsn: 1000, recovery: false };
    const primary = scripted(primaryState);
    const standby = scripted({ lsn: 1000, recovery: true });
    const r = readReplicas(primary, [standby]);
    expect((await r.choose(null))?.db).toBe(standby);
    primary.statements.length = 0;
    await r.noteWrite('session-a');
    // The mark is published (under the write lock) before the session's write position is taken.
    expect(primary.statements.findIndex((s) => s.includes("setval('sync_read_mark'"))).toBeLessThan(primary.statements.findIndex((s) => s.includes('pg_current_wal_lsn')));
    expect(r.writeLsn('session-a')).toBe(1000);
    // The primary moved on (the session wrote again); the standby has not replayed it.
    primaryState.lsn = 2000;
    await r.noteWrite('session-a');
    expect(r.writeLsn('session-a')).toBe(2000);
    expect(await r.choose('session-a')).toBeNull();
    expect(r.stats().notReplayed).toBe(1);
    // Other sessions still read the standby (its lag is measured against the primary's samples).
    expect((await r.choose('session-b'))?.db).toBe(standby);
  });

  it('skips a standby that lags beyond the bound, and one that fails, and tries the failed one again later', async () => {
    let clock = 0;
    const primary = scripted({ lsn: 5000, recovery: false });
    const behind = scripted({ lsn: 10, recovery: true });
    const r = readReplicas(primary, [behind], { maxLagMs: 1000, retryMs: 3000, now: () => clock });
    expect(await r.choose(null)).toBeNull();
    expect(r.stats().lagging).toBe(1);

    const state = { lsn: 5000, recovery: true, fail: true };
    const down = scripted(state);
    const r2 = readReplicas(primary, [down], { retryMs: 3000, now: () => clock });
    expect(await r2.choose(null)).toBeNull();
    expect(r2.stats().failed).toBe(1);
    state.fail = false;
    clock += 1000;
    expect(await r2.choose(null)).toBeNull(); // still left alone
    clock += 3000;
    expect((await r2.choose(null))?.db).toBe(down);
  });

  it('a server that is not in recovery is no standby', async () => {
    const primary = scripted({ lsn: 100, recovery: false });
    const promoted = scripted({ lsn: 100, recovery: false });
    const r = readReplicas(primary, [promoted]);
    expect(await r.choose(null)).toBeNull();
    expect(r.standbys[0]?.state.lastError).toMatch(/not a standby/);
  });

  it('a read on a standby that failed sets it aside; a session whose write position is unknown reads the primary', async () => {
    const primary = scripted({ lsn: 100, recovery: false });
    const standby = scripted({ lsn: 100, recovery: true });
    const r: ReadReplicas = readReplicas(primary, [standby]);
    const chosen = await r.choose(null);
    expect(chosen?.db).toBe(standby);
    r.failed(chosen!, new Error('canceling statement due to conflict with recovery'));
    expect(await r.choose(null)).toBeNull();
    r.pinToPrimary('session-x');
    expect(r.writeLsn('session-x')).toBe(Infinity);
  });

  it('a checkpoint needs the server to have published both its position and the mark of the sync it continues', () => {
    const keys = { epoch: 'e', key: Buffer.alloc(32, 1), horizon: 0 };
    expect(checkpointNeeds({ seq: 0, scopeKey: null })).toBe(0);
    const paging = signCheckpoint(keys, { c: 'participants', u: 1, e: 'e', s: 40, k: 'k', t: 1, w: 90 });
    expect(checkpointNeeds({ seq: 40, scopeKey: paging })).toBe(90);
    const done = signCheckpoint(keys, { c: 'participants', u: 1, e: 'e', s: 120, k: 'k', t: 1 });
    expect(checkpointNeeds({ seq: 120, scopeKey: done })).toBe(120);
  });
});

const PULL = `query($cp: PullCheckpointInput!, $limit: Int) {
  pullParticipants(checkpoint: $cp, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
}`;
const PULL_PROBES = `query($cp: PullCheckpointInput!) { pullSyncProbes(checkpoint: $cp) { documents checkpoint { seq scopeKey } reset hasMore } }`;
const SAVE_DOC = `mutation($input: SaveSyncProbeInput!) { saveSyncProbe(input: $input) { success reason params revision conflict } }`;

describe.runIf(testDbMode() === 'postgres-replica')('pulls from a hot standby (PostgreSQL primary + standby)', () => {
  const fx = standbySuite();
  let f: SyncFixture;
  let standbyAdmin: Db;
  beforeAll(() => void ({ f, standbyAdmin } = fx));

  /**
   * Waits until `replicas` routes a read to `standby`. A new routing knows a standby's lag only once
   * the standby has replayed past one of the routing's own samples of the primary (its first probe
   * publishes a mark); until then it reads the primary, which on a loaded machine lasts several reads.
   */
  async function untilStandbyServes(replicas: ReadReplicas, standby: Db) {
    let chosen: unknown = null;
    for (let waited = 0; chosen === null && waited < 10_000; waited += 250) {
      chosen = await replicas.choose(null);
      if (chosen === null) await new Promise((done) => setTimeout(done, 250));
    }
    expect(chosen, JSON.stringify(replicas.stats())).toMatchObject({ db: standby });
  }

  /** The app over the fixture's primary with its standby routed as in production (no waiting, session read-your-writes only). */
  function productionRouting(options: { maxLagMs?: number } = {}) {
    const standby = f.db.replicas!.standbys[0]!.db;
    const db = withReplicas(f.db, readReplicas(f.db, [standby], { maxLagMs: options.maxLagMs ?? 60_000 }));
    const app = createTestApp(db);
    const graph = async <T,>(token: string, query: string, variables: Record<string, unknown>) => {
      const res = await app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as { data?: T; errors?: unknown[] };
    };
    return { db, replicas: db.replicas!, graph };
  }

  it('a pull read from the standby never skips a row while writers commit on the primary', async () => {
    const a = f.users[0]!;
    const { replicas, graph } = productionRouting();
    const written = new Set<string>();
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        // Some transactions hold their change_seq a while before they commit (the case a naive mark skips).
        await f.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ uuid: string }>(
            'INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, $2, $3) RETURNING uuid',
            [f.companyId, `W${n}`, `rij ${i}`],
          );
          if (i % 3 === 0) await tx.query('SELECT pg_sleep(0.005)');
          written.add(String(rows[0]?.uuid));
        });
        if (i % 10 === 0) await replicas.publishMark();
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    const seen = new Set<string>();
    let cp: { seq: number; scopeKey: string | null } = { seq: 0, scopeKey: null };
    const pullOnce = async () => {
      const res = await graph<{ pullParticipants: PullAnswer }>(a.token, PULL, { cp, limit: 50 });
      expect(res.errors).toBeUndefined();
      const page = res.data!.pullParticipants;
      expect(page.reset).toBe(false);
      for (const d of page.documents) if (!d._deleted) seen.add(d.uuid);
      cp = page.checkpoint;
      return page;
    };
    for (let i = 0; i < 40; i++) await pullOnce();
    writing = false;
    await Promise.all(writers);
    await replicas.publishMark();
    // Drain: wait until the standby has replayed the last publish, then pull to the end.
    const { rows } = await f.db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const target = lsnValue(rows[0]?.lsn);
    for (;;) {
      const { rows: r } = await standbyAdmin.query<{ lsn: string }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      if (lsnValue(r[0]?.lsn) >= target) break;
      await new Promise((done) => setTimeout(done, 5));
    }
    for (let page = await pullOnce(); page.hasMore || page.documents.length > 0; page = await pullOnce());
    expect(written.size).toBeGreaterThan(30);
    expect([...written].filter((u) => !seen.has(u))).toEqual([]);
    expect(replicas.stats().standbyReads).toBeGreaterThan(10);
  });

  it('after a push, the next pull shows the write even while the standby replays nothing', async () => {
    const a = f.users[0]!;
    const { replicas, graph } = productionRouting();
    const pull = async (cp: { seq: number; scopeKey: string | null }) => {
      const res = await graph<{ pullSyncProbes: PullAnswer }>(a.token, PULL_PROBES, { cp });
      expect(res.errors).toBeUndefined();
      return res.data!.pullSyncProbes;
    };
    let cp = (await pull({ seq: 0, scopeKey: null })).checkpoint;
    // Only a routing that knows the standby is caught up can tell "not replayed" from "lagging".
    await untilStandbyServes(replicas, f.db.replicas!.standbys[0]!.db);
    cp = await whileReplayPaused(standbyAdmin, async () => {
      const uuid = uuidv7();
      const saved = await graph<{ saveSyncProbe: PushAnswer }>(a.token, SAVE_DOC, {
        input: { clientMutationId: uuidv7(), uuid, body: 'net geschreven', baseRevision: null, baseValues: null },
      });
      expect(saved.data?.saveSyncProbe.success).toBe(true);
      const before = replicas.stats();
      const page = await pull(cp);
      expect(page.documents.map((d) => [d.uuid, d.body])).toEqual([[uuid, 'net geschreven']]);
      expect(replicas.stats().notReplayed, JSON.stringify(replicas.stats())).toBe(before.notReplayed + 1);
      return page.checkpoint;
    });
    // Replayed: the standby serves this session again, from where the primary left it.
    const { rows } = await f.db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    for (;;) {
      const { rows: r } = await standbyAdmin.query<{ lsn: string }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      if (lsnValue(r[0]?.lsn) >= lsnValue(rows[0]?.lsn)) break;
      await new Promise((done) => setTimeout(done, 5));
    }
    const reads = replicas.stats().standbyReads;
    const again = await pull(cp);
    expect(again.reset).toBe(false);
    expect(again.documents).toEqual([]);
    expect(replicas.stats().standbyReads).toBe(reads + 1);
  });

  it('a standby that fails is skipped: the pull answers from the primary without an error', async () => {
    const a = f.users[0]!;
    const standby = f.db.replicas!.standbys[0]!.db;
    // A standby pool whose server is gone: a URL nobody listens on.
    const gone = openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    await f.db.query('INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, $2, $3)', [f.companyId, 'Na', 'storing']);
    const pullAll = async (db: Db) => {
      const app = createTestApp(db);
      const res = await app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
        body: JSON.stringify({ query: PULL, variables: { cp: { seq: 0, scopeKey: null }, limit: 10_000 } }),
      });
      const body = (await res.json()) as { data?: { pullParticipants: PullAnswer }; errors?: unknown[] };
      expect(body.errors).toBeUndefined();
      return body.data!.pullParticipants.documents.map((d) => d.lastname);
    };
    const onlyGone = withReplicas(f.db, readReplicas(f.db, [gone], { maxLagMs: 60_000 }));
    expect(await pullAll(onlyGone)).toContain('storing');
    expect(onlyGone.replicas!.stats()).toMatchObject({ failed: 1, standbyReads: 0 });
    expect(onlyGone.replicas!.standbys[0]!.state.lastError).toBeTruthy();
    // With a second, working standby the reads go there.
    await f.db.replicas!.publishMark();
    // The standby has replayed the mark and the row (the test before paused and resumed its replay).
    const { rows: at } = await f.db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    for (let waited = 0; waited < 10_000; waited += 5) {
      const { rows: r } = await standbyAdmin.query<{ lsn: string }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      if (lsnValue(r[0]?.lsn) >= lsnValue(at[0]?.lsn)) break;
      await new Promise((done) => setTimeout(done, 5));
    }
    const both = withReplicas(f.db, readReplicas(f.db, [gone, standby], { maxLagMs: 60_000 }));
    // A new routing knows the standby's lag only once the standby has replayed past one of the
    // routing's own samples of the primary (its first probe publishes a mark after the wait above);
    // until then it reads the primary. On a loaded machine that takes longer than three pulls.
    await untilStandbyServes(both.replicas!, standby);
    const before = both.replicas!.stats();
    for (let i = 0; i < 3; i++) expect(await pullAll(both)).toContain('storing');
    const after = both.replicas!.stats();
    expect(after.standbyReads - before.standbyReads, JSON.stringify(after)).toBe(3);
    expect(after.primaryReads - before.primaryReads).toBe(0);
    await gone.close();
  });
});
