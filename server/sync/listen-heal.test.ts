/**
 * LISTEN that heals (issue 19, point 5; server/sync/changes.ts): when the database ends the LISTEN
 * connection (PostgreSQL: pg_terminate_backend, as a restart, failover or idle kill does; PGlite: the
 * subscription dropped), the server subscribes again, pokes every open stream once (so clients pull
 * what they may have missed), and pokes and session revocations work again afterwards.
 * Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSyncFixture, createTestApp, type SyncFixture } from './test-fixture';
import { changeHub, listenHealth, sessionHub } from './changes';
import { droppableListen, type DroppableDb } from './testing/listen-drop';
import { COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { createSession } from '../auth/session';

let f: SyncFixture;
let db: DroppableDb;
beforeAll(async () => {
  f = await createSyncFixture();
  db = droppableListen(f.db);
}, 300_000);
afterAll(async () => {
  if (!db) return;
  await changeHub(db).close();
  await sessionHub(db).close();
  await f.db.close();
});

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 20_000, interval: 25 });

async function writeProbe(): Promise<void> {
  const a = f.users[0]!;
  await f.db.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [uuidv7(), a.companyId, a.id, 'poke']);
}

describe('a lost LISTEN connection', () => {
  it('is subscribed again: every stream is poked once with every collection, and pokes of new changes arrive again', async () => {
    const pokes: CollectionName[][] = [];
    const unsubscribe = await changeHub(db, 5).subscribe(f.companyId, (c) => pokes.push(c));
    try {
      await writeProbe();
      await waitFor(() => expect(pokes.some((p) => p.includes('syncProbes'))).toBe(true));
      const before = listenHealth(db);

      expect(await db.dropListens()).toBeGreaterThanOrEqual(1);
      // The heal: one poke naming every collection.
      await waitFor(() => expect(pokes.some((p) => p.length === COLLECTION_NAMES.length)).toBe(true));
      expect(listenHealth(db).lost).toBeGreaterThan(before.lost);
      expect(listenHealth(db).healed).toBeGreaterThan(before.healed);

      // Pokes of new changes work again.
      pokes.length = 0;
      await writeProbe();
      await waitFor(() => expect(pokes).toContainEqual(['syncProbes']));

      // And again after a second kill (the backoff starts over).
      pokes.length = 0;
      expect(await db.dropListens()).toBeGreaterThanOrEqual(1);
      await waitFor(() => expect(pokes.some((p) => p.length === COLLECTION_NAMES.length)).toBe(true));
      pokes.length = 0;
      await writeProbe();
      await waitFor(() => expect(pokes).toContainEqual(['syncProbes']));
    } finally {
      unsubscribe();
    }
  });

  it('session revocations re-arm: one revoked while the connection was down ends its stream, and later ones still do', async () => {
    const a = f.users[0]!;
    const [s1, s2, s3] = [
      await createSession(f.db, { id: a.id, companyId: a.companyId }, { mfaValidated: true }),
      await createSession(f.db, { id: a.id, companyId: a.companyId }, { mfaValidated: true }),
      await createSession(f.db, { id: a.id, companyId: a.companyId }, { mfaValidated: true }),
    ];
    const ended = new Set<string>();
    const unwatch = await Promise.all([s1, s2, s3].map((s) => sessionHub(db).watch(s.sessionId, () => ended.add(s.sessionId))));
    try {
      expect(await db.dropListens()).toBeGreaterThanOrEqual(1);
      // Revoked while (or just after) the connection was down: its NOTIFY may be lost.
      await f.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [s1.sessionId]);
      await waitFor(() => expect(ended.has(s1.sessionId)).toBe(true));
      expect(ended.has(s2.sessionId)).toBe(false);
      // After the heal, a revocation ends its stream through the LISTEN again.
      await waitFor(() => expect(listenHealth(db).healed).toBeGreaterThan(0));
      await f.db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [s2.sessionId]);
      await waitFor(() => expect(ended.has(s2.sessionId)).toBe(true));
      expect(ended.has(s3.sessionId)).toBe(false);
    } finally {
      for (const u of unwatch) u();
    }
  });

  it('a live stream (GET /api/v2/stream) gets a poke after the kill and pokes of new changes after that', async () => {
    const app = createTestApp(db);
    const a = f.users[0]!;
    const controller = new AbortController();
    const res = await app.request('/api/v2/stream', { headers: { authorization: `Bearer ${a.token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: RegExp) => {
      while (!needle.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    try {
      await readUntil(/event: ready/);
      text = '';
      await db.dropListens();
      await readUntil(/event: poke\ndata: \{"collections":\[[^\]]*"participants"[^\]]*\]/);
      text = '';
      await writeProbe();
      await readUntil(/event: poke\ndata: \{"collections":\["syncProbes"\]\}/);
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });
});
