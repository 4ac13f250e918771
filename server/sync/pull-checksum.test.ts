import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { Checkpoint, PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import { pullFieldName, type CollectionName } from '../../src/domain/sync/collections';

// Issue 37: the pull's page that reaches the checkpoint carries the checksum of the caller's scope there.
let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
});
afterAll(async () => {
  await f.db.close();
});

const admin = () => f.users[0]!;
const coach = () => f.users[1]!;

type Sum = { count: number; hash: string } | null;
type Page = PullAnswer & { checksum: Sum };

async function page(token: string, name: CollectionName, cp: Checkpoint, checksum: boolean, limit = 3): Promise<Page> {
  const field = pullFieldName(name);
  const res = await f.graph<Record<string, Page>>(token,
    `query($cp: PullCheckpointInput!, $sum: Boolean) { ${field}(checkpoint: $cp, limit: ${limit}, checksum: $sum) { documents checkpoint { seq scopeKey } reset hasMore checksum { count hash } } }`,
    { cp, sum: checksum });
  expect(res.errors).toBeUndefined();
  return res.data![field]!;
}

/** Pulls to the checkpoint, applying pages to `docs` as the worker does; the pages' checksums in order. */
async function pullAll(token: string, name: CollectionName, docs: Map<string, ReplicaDocument>, from: Checkpoint = { seq: 0, scopeKey: null }) {
  let cp = from;
  const sums: Sum[] = [];
  for (;;) {
    const p = await page(token, name, cp, true);
    if (p.reset) docs.clear();
    for (const d of p.documents) {
      if (d._deleted) docs.delete(d.uuid);
      else docs.set(d.uuid, d);
    }
    sums.push(p.checksum);
    cp = p.checkpoint;
    if (!p.hasMore) return { checkpoint: cp, sums };
  }
}

/** The checksum as the worker computes it from the documents it holds. */
function ofDocuments(docs: Iterable<ReplicaDocument>): { count: number; hash: string } {
  const list = [...docs];
  const text = list.map((d) => `${d.uuid}:${String(d.revision)}`).sort().join(',');
  return { count: list.length, hash: createHash('sha256').update(text, 'utf8').digest('hex') };
}

async function replicaChecksum(token: string, collection: CollectionName, cp: Checkpoint) {
  const res = await f.graph<{ replicaChecksums: { stale: boolean; count: number | null; hash: string | null }[] }>(token,
    'query($c: [ReplicaChecksumInput!]!) { replicaChecksums(collections: $c) { stale count hash } }',
    { c: [{ collection, seq: cp.seq, scopeKey: cp.scopeKey }] });
  expect(res.errors).toBeUndefined();
  return res.data!.replicaChecksums[0]!;
}

async function participant(lastname: string, coachId: number | null): Promise<string> {
  const { rows } = await f.db.query<{ uuid: string }>(
    'INSERT INTO participants (company_id, firstname, lastname, coach_id) VALUES ($1, $2, $3, $4) RETURNING uuid::text AS uuid', [f.companyId, 'Piet', lastname, coachId]);
  return rows[0]!.uuid;
}

describe('the pull answer carries the checksum at its checkpoint', () => {
  it('on the page that reaches the checkpoint, equal to the caller\'s scope there (coach and administrator); none while paging', async () => {
    for (let i = 0; i < 5; i++) await participant(`Ander${i}`, null);
    for (let i = 0; i < 4; i++) await participant(`Eigen${i}`, coach().id);
    for (const user of [coach(), admin()]) {
      const docs = new Map<string, ReplicaDocument>();
      const { checkpoint, sums } = await pullAll(user.token, 'participants', docs);
      expect(sums.length).toBeGreaterThan(1);
      expect(sums.slice(0, -1)).toEqual(sums.slice(0, -1).map(() => null));
      expect(sums.at(-1)).toEqual(ofDocuments(docs.values()));
      expect(await replicaChecksum(user.token, 'participants', checkpoint)).toEqual({ stale: false, ...ofDocuments(docs.values()) });
    }
    // Two scopes, two checksums.
    const coachDocs = new Map<string, ReplicaDocument>();
    const adminDocs = new Map<string, ReplicaDocument>();
    const coachSum = (await pullAll(coach().token, 'participants', coachDocs)).sums.at(-1);
    const adminSum = (await pullAll(admin().token, 'participants', adminDocs)).sums.at(-1);
    expect(coachSum?.hash).not.toBe(adminSum?.hash);
    expect(adminDocs.size).toBeGreaterThan(coachDocs.size);
  });

  it('after changes (an edit, a deletion, a new document), the incremental page\'s checksum is the state after that page', async () => {
    const docs = new Map<string, ReplicaDocument>();
    const first = await pullAll(coach().token, 'participants', docs);
    const [a, b] = [...docs.keys()];
    await f.db.query("UPDATE participants SET city = 'Zwolle' WHERE uuid = $1", [a]);
    await f.db.query('UPDATE participants SET deleted_at = now() WHERE uuid = $1', [b]);
    await participant('Nieuw', coach().id);
    const before = ofDocuments(docs.values());
    const next = await pullAll(coach().token, 'participants', docs, first.checkpoint);
    expect(docs.has(b!)).toBe(false);
    expect(next.sums.at(-1)).toEqual(ofDocuments(docs.values()));
    expect(next.sums.at(-1)).not.toEqual(before);
    expect(await replicaChecksum(coach().token, 'participants', next.checkpoint)).toEqual({ stale: false, ...ofDocuments(docs.values()) });
    // Nothing changed since: the empty page still carries the checksum (a replica that changed behind
    // the engine's back is found at the next pull, not only when the server changed).
    const empty = await page(coach().token, 'participants', next.checkpoint, true);
    expect(empty.documents).toEqual([]);
    expect(empty.checksum).toEqual(ofDocuments(docs.values()));
  });

  it('is left out unless asked for', async () => {
    const p = await page(coach().token, 'participants', { seq: 0, scopeKey: null }, false, 10_000);
    expect(p.hasMore).toBe(false);
    expect(p.documents.length).toBeGreaterThan(0);
    expect(p.checksum).toBeNull();
  });
});
