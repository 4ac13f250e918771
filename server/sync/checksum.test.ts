import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { Checkpoint, PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import { pullFieldName, type CollectionName } from '../../src/domain/sync/collections';

let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
});
afterAll(async () => {
  await f.db.close();
});

const admin = () => f.users[0]!;
const coach = () => f.users[1]!;
const otherAdmin = () => f.users[2]!;

interface Checksum { collection: string; stale: boolean; count: number | null; hash: string | null }

async function pullAll(token: string, name: CollectionName, from: Checkpoint = { seq: 0, scopeKey: null }) {
  const field = pullFieldName(name);
  let cp = from;
  const docs = new Map<string, ReplicaDocument>();
  for (;;) {
    const res = await f.graph<Record<string, PullAnswer>>(token,
      `query($cp: PullCheckpointInput!) { ${field}(checkpoint: $cp, limit: 3) { documents checkpoint { seq scopeKey } reset hasMore } }`, { cp });
    expect(res.errors).toBeUndefined();
    const page = res.data![field]!;
    for (const d of page.documents) {
      if (d._deleted) docs.delete(d.uuid);
      else docs.set(d.uuid, d);
    }
    cp = page.checkpoint;
    if (!page.hasMore) return { docs: [...docs.values()], checkpoint: cp };
  }
}

async function checksums(token: string, wanted: { collection: string; checkpoint: Checkpoint }[]): Promise<Checksum[]> {
  const res = await f.graph<{ replicaChecksums: Checksum[] }>(token,
    'query($c: [ReplicaChecksumInput!]!) { replicaChecksums(collections: $c) { collection stale count hash } }',
    { c: wanted.map((w) => ({ collection: w.collection, seq: w.checkpoint.seq, scopeKey: w.checkpoint.scopeKey })) });
  expect(res.errors).toBeUndefined();
  return res.data!.replicaChecksums;
}

/** The checksum as the worker computes it from the documents it holds. */
function ofDocuments(docs: readonly ReplicaDocument[]): { count: number; hash: string } {
  const text = docs.map((d) => `${d.uuid}:${String(d.revision)}`).sort().join(',');
  return { count: docs.length, hash: createHash('sha256').update(text, 'utf8').digest('hex') };
}

async function participant(lastname: string, coachId: number | null, companyId = f.companyId): Promise<string> {
  const { rows } = await f.db.query<{ uuid: string }>(
    'INSERT INTO participants (company_id, firstname, lastname, coach_id) VALUES ($1, $2, $3, $4) RETURNING uuid::text AS uuid', [companyId, 'Piet', lastname, coachId]);
  return rows[0]!.uuid;
}

describe('replica checksums', () => {
  it('equal the checksum of exactly the documents the pull delivered, per user scope', async () => {
    for (let i = 0; i < 4; i++) await participant(`Vreemd${i}`, null);
    const mine = [await participant('Eigen1', coach().id), await participant('Eigen2', coach().id)];
    await participant('Elders', null, f.otherCompanyId);
    // An edit and a deletion, so revisions and tombstones are in play.
    await f.db.query("UPDATE participants SET city = 'Zwolle' WHERE uuid = $1", [mine[0]]);
    const gone = await participant('Weg', coach().id);
    await f.db.query('UPDATE participants SET deleted_at = now() WHERE uuid = $1', [gone]);

    const coachPull = await pullAll(coach().token, 'participants');
    const adminPull = await pullAll(admin().token, 'participants');
    expect(coachPull.docs.map((d) => d.uuid).sort()).toEqual([...mine].sort());
    expect(adminPull.docs.length).toBeGreaterThan(coachPull.docs.length);

    const [coachSum] = await checksums(coach().token, [{ collection: 'participants', checkpoint: coachPull.checkpoint }]);
    expect(coachSum).toEqual({ collection: 'participants', stale: false, ...ofDocuments(coachPull.docs) });
    const [adminSum] = await checksums(admin().token, [{ collection: 'participants', checkpoint: adminPull.checkpoint }]);
    expect(adminSum).toEqual({ collection: 'participants', stale: false, ...ofDocuments(adminPull.docs) });
    // Another user's scope gives another checksum; rows of another company never count.
    expect(adminSum!.hash).not.toBe(coachSum!.hash);
    const otherPull = await pullAll(otherAdmin().token, 'participants');
    const [otherSum] = await checksums(otherAdmin().token, [{ collection: 'participants', checkpoint: otherPull.checkpoint }]);
    expect(otherSum).toEqual({ collection: 'participants', stale: false, ...ofDocuments(otherPull.docs) });
    expect(otherPull.docs.map((d) => d.lastname)).toContain('Elders');
    expect(adminPull.docs.map((d) => d.lastname)).not.toContain('Elders');
  });

  it('a replica that drifted (a revision changed, a document missing) no longer matches', async () => {
    const pulled = await pullAll(coach().token, 'participants');
    const [sum] = await checksums(coach().token, [{ collection: 'participants', checkpoint: pulled.checkpoint }]);
    const drifted = pulled.docs.map((d, i) => (i === 0 ? { ...d, revision: Number(d.revision) + 7 } : d));
    expect(ofDocuments(drifted).hash).not.toBe(sum!.hash);
    expect(ofDocuments(pulled.docs.slice(1))).not.toEqual({ count: sum!.count, hash: sum!.hash });
  });

  it('is stale, not a mismatch, after a change the replica has not pulled yet, and for a checkpoint not signed for this user', async () => {
    const pulled = await pullAll(coach().token, 'participants');
    await participant('Nieuw', coach().id);
    const [afterWrite] = await checksums(coach().token, [{ collection: 'participants', checkpoint: pulled.checkpoint }]);
    expect(afterWrite).toMatchObject({ stale: true, count: null, hash: null });
    // Someone else's checkpoint, or none: nothing to compare.
    const adminPull = await pullAll(admin().token, 'participants');
    const [foreign] = await checksums(coach().token, [{ collection: 'participants', checkpoint: adminPull.checkpoint }]);
    expect(foreign!.stale).toBe(true);
    const [unsigned] = await checksums(coach().token, [{ collection: 'participants', checkpoint: { seq: adminPull.checkpoint.seq, scopeKey: null } }]);
    expect(unsigned!.stale).toBe(true);
    // Caught up again: it matches again.
    const again = await pullAll(coach().token, 'participants', pulled.checkpoint);
    const all = await pullAll(coach().token, 'participants');
    const [fresh] = await checksums(coach().token, [{ collection: 'participants', checkpoint: again.checkpoint }]);
    expect(fresh).toEqual({ collection: 'participants', stale: false, ...ofDocuments(all.docs) });
  });

  it('is stale when the scope changed since the checkpoint (the next pull starts over)', async () => {
    const pulled = await pullAll(coach().token, 'participants');
    // Another participant enters the coach's caseload by a change of the participant itself: also a newer row.
    // A scope change through another table: the caseload fingerprint of a dependent collection (users).
    const users = await pullAll(coach().token, 'users');
    const [before] = await checksums(coach().token, [{ collection: 'users', checkpoint: users.checkpoint }]);
    expect(before!.stale).toBe(false);
    const { rows } = await f.db.query<{ uuid: string }>('SELECT uuid::text AS uuid FROM participants WHERE company_id = $1 AND coach_id IS NULL AND deleted_at IS NULL LIMIT 1', [f.companyId]);
    await f.db.query('UPDATE participants SET coach_id = $2 WHERE uuid = $1', [rows[0]!.uuid, coach().id]);
    const [after] = await checksums(coach().token, [{ collection: 'users', checkpoint: users.checkpoint }]);
    expect(after!.stale).toBe(true);
    expect(pulled.docs.length).toBeGreaterThan(0);
  });
});
