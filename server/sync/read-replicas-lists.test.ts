/**
 * Issue 26: list queries and exports served by a hot standby, and the session's write position
 * kept in its session row so another server process honours it (docs/read-replicas.md). Runs with
 * WERKPAD_TEST_DB=postgres-replica (npm run test:server:pg-replica); the routing rules themselves
 * are covered without a standby in read-replicas.test.ts and routed.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { lsnValue, readReplicas, withReplicas, type ReadReplicaOptions } from '../db/replicas';
import { createTestApp, standbySuite, type SyncFixture } from './test-fixture';
import { testDbMode, whileReplayPaused } from '../test/replica';
import { createSession } from '../auth/session';
import { unrouted } from '../db/routed';

const LIST = 'query { participants(perPage: 0) { totalItems records { id firstname lastname } } }';
const ADD = 'mutation($input: ParticipantInput!) { addParticipant(input: $input) { success reason id } }';

describe.runIf(testDbMode() === 'postgres-replica')('lists and exports from a hot standby (PostgreSQL primary + standby)', () => {
  const fx = standbySuite();
  let f: SyncFixture;
  let standbyAdmin: Db;
  beforeAll(() => void ({ f, standbyAdmin } = fx));

  /** One server process: its own routing (own memory) over the fixture's primary and standby, as in production. */
  function instance(options: ReadReplicaOptions = {}) {
    const standby = f.db.replicas!.standbys[0]!.db;
    const db = withReplicas(f.db, readReplicas(unrouted(f.db), [standby], { maxLagMs: 60_000, ...options }));
    const app = createTestApp(db);
    const graph = async <T,>(token: string, query: string, variables: Record<string, unknown> = {}) => {
      const res = await app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as { data?: T; errors?: unknown[] };
    };
    const names = async (token: string) => {
      const res = await graph<{ participants: { records: { lastname: string }[] } }>(token, LIST);
      expect(res.errors).toBeUndefined();
      return res.data!.participants.records.map((r) => r.lastname);
    };
    return { replicas: db.replicas!, app, graph, names };
  }

  async function caughtUp() {
    const { rows } = await f.db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    for (;;) {
      const { rows: r } = await standbyAdmin.query<{ lsn: string }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      if (lsnValue(r[0]?.lsn) >= lsnValue(rows[0]?.lsn)) return;
      await new Promise((done) => setTimeout(done, 5));
    }
  }

  /**
   * Until the process's probe has seen the standby caught up: a process's first probe publishes the
   * read mark and samples the primary after it, so a standby that has not replayed that mark yet counts
   * as lagging until the next probe (PROBE_MS later), and a loaded machine hits that window.
   */
  async function settled(p: ReturnType<typeof instance>, token: string) {
    for (let tries = 0; ; tries++) {
      await caughtUp();
      expect(await p.names(token)).toContain('Vooraf');
      if (Number.isFinite(p.replicas.standbys[0]!.state.lagMs)) return;
      if (tries > 50) throw new Error('the standby never counted as caught up');
      await new Promise((done) => setTimeout(done, 250));
    }
  }

  const addDirectly = (lastname: string) =>
    f.db.query('INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, $2, $3)', [f.companyId, 'Direct', lastname]);

  it('a list is read from the standby; after a mutation the session sees it through any process while the standby replays nothing', async () => {
    const admin = f.users[0]!;
    // A second session of the same administrator: it sees the same list, but has written nothing.
    const other = { token: (await createSession(f.db, { id: admin.id, companyId: admin.companyId }, { mfaValidated: true })).token };
    await addDirectly('Vooraf');
    await f.db.replicas!.publishMark();
    const a = instance();
    const b = instance();
    // A process that kept the write position in its memory only (before the session row held it).
    const memoryOnly = instance({ sessionRows: false });
    // Every process has probed (its start position is behind what follows).
    for (const p of [a, b, memoryOnly]) await settled(p, other.token);

    await whileReplayPaused(standbyAdmin, async () => {
      // Written on the primary by someone else: a list from the standby does not show it yet.
      await addDirectly('Alleen primair');
      const reads = a.replicas.stats().routedReads;
      const fromStandby = await a.names(admin.token);
      expect(fromStandby).toContain('Vooraf');
      expect(fromStandby).not.toContain('Alleen primair');
      expect(a.replicas.stats().routedReads).toBeGreaterThan(reads);

      // The mutation runs on the primary (a standby would refuse it) and no statement of it reaches the standby.
      const before = a.replicas.stats().routedReads;
      const added = await a.graph<{ addParticipant: { success: boolean } }>(admin.token, ADD, { input: { firstname: 'Nieuw', lastname: 'Na de schrijf' } });
      expect(added.errors).toBeUndefined();
      expect(added.data?.addParticipant.success).toBe(true);
      expect(a.replicas.stats().routedReads).toBe(before);

      // Read-your-writes: the same process, and another one, serve the session's list from the primary.
      expect(await a.names(admin.token)).toEqual(expect.arrayContaining(['Na de schrijf', 'Alleen primair']));
      const notReplayed = b.replicas.stats().notReplayed;
      expect(await b.names(admin.token)).toContain('Na de schrijf');
      expect(b.replicas.stats().notReplayed).toBe(notReplayed + 1);
      // What the session row prevents: a process that knows only its own writes reads the standby and misses it.
      expect(await memoryOnly.names(admin.token)).not.toContain('Na de schrijf');
      // Another session (no write of its own) still reads the standby.
      const otherReads = b.replicas.stats().routedReads;
      expect(await b.names(other.token)).not.toContain('Na de schrijf');
      expect(b.replicas.stats().routedReads).toBeGreaterThan(otherReads);
    });
    await caughtUp();
    // Replayed: the standby serves the session again, with its write.
    const reads = b.replicas.stats().routedReads;
    expect(await b.names(admin.token)).toContain('Na de schrijf');
    expect(b.replicas.stats().routedReads).toBeGreaterThan(reads);
  });

  it('an export is read from the standby; its audit row is written on the primary', async () => {
    const admin = f.users[0]!;
    const a = instance();
    await f.db.replicas!.publishMark();
    await settled(a, admin.token);
    await whileReplayPaused(standbyAdmin, async () => {
      await addDirectly('Niet in de export');
      const reads = a.replicas.stats().routedReads;
      const res = await a.app.request('/api/export/participants.csv', { headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
      const csv = await res.text();
      expect(csv).toContain('Vooraf');
      expect(csv).not.toContain('Niet in de export');
      expect(a.replicas.stats().routedReads).toBeGreaterThan(reads);
      const { rows } = await f.db.query("SELECT 1 FROM audit_log WHERE action = 'participant.export' AND user_id = $1", [admin.id]);
      expect(rows).toHaveLength(1);
    });
  });
});
