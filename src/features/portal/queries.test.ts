import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { withDerived, type CollectionName } from '../../domain/sync/collections';
import type { ReplicaDocument } from '../../domain/sync/types';
import { PARTICIPANT_DOCUMENT_KIND } from '../../domain/portal/documents';
import { closeReplicaReader, replicaReader, type ReplicaReader } from '../../lib/replica/replica-db';
import * as q from './queries';

afterEach(() => closeReplicaReader());

let seq = 0;
async function replicaWith(rows: Partial<Record<CollectionName, ReplicaDocument[]>>): Promise<ReplicaReader> {
  seq++;
  const r = replicaReader({ companyId: 900 + seq, userId: seq });
  for (const [name, docs] of Object.entries(rows) as [CollectionName, ReplicaDocument[]][]) {
    await r.docs(name).bulkPut(docs.map((d) => withDerived(name, d)));
  }
  return r;
}
const doc = (uuid: string, fields: Record<string, unknown>): ReplicaDocument => ({ uuid, revision: 1, ...fields });

// The portal home's reads (range read whole, filtered in memory): deleted rows and other participants never count.
describe('portal queries', () => {
  it('finds one live document by id, skipping a deleted copy', async () => {
    const r = await replicaWith({
      users: [doc('u-old', { id: 5, _deleted: true, givenName: 'Oud' }), doc('u-new', { id: 5, givenName: 'Nieuw' }), doc('u-other', { id: 6 })],
      companies: [doc('c-1', { id: 1, _deleted: true })],
    });
    expect((await q.userById(r, 5))?.uuid).toBe('u-new');
    expect(await q.userById(r, 7)).toBeNull();
    expect(await q.companyById(r, 1)).toBeNull();
  });

  it('counts open tasks of running work plans only, and lists live plans, targets and documents of the participant', async () => {
    const r = await replicaWith({
      workPlans: [
        doc('w-1', { id: 1, participantId: 3, status: 'running' }),
        doc('w-2', { id: 2, participantId: 3, status: 'ended' }),
        doc('w-3', { id: 3, participantId: 3, status: 'running', _deleted: true }),
        doc('w-4', { id: 4, participantId: 8, status: 'running' }),
      ],
      assignments: [
        doc('a-1', { id: 1, participantId: 3, workPlanId: 1, status: 0 }),
        doc('a-2', { id: 2, participantId: 3, workPlanId: 1, status: 1 }),
        doc('a-3', { id: 3, participantId: 3, workPlanId: 1, status: 2 }),
        doc('a-4', { id: 4, participantId: 3, workPlanId: 2, status: 0 }),
        doc('a-5', { id: 5, participantId: 3, workPlanId: 3, status: 0 }),
        doc('a-6', { id: 6, participantId: 3, workPlanId: 1, status: 0, _deleted: true }),
        doc('a-7', { id: 7, participantId: 8, workPlanId: 4, status: 0 }),
      ],
      participantTargets: [doc('t-1', { id: 1, participantId: 3 }), doc('t-2', { id: 2, participantId: 3, _deleted: true })],
      files: [
        doc('f-1', { id: 1, participantId: 3, kind: PARTICIPANT_DOCUMENT_KIND, createdAt: '2026-01-01T00:00:00Z' }),
        doc('f-2', { id: 2, participantId: 3, kind: PARTICIPANT_DOCUMENT_KIND, createdAt: '2026-03-01T00:00:00Z' }),
        doc('f-3', { id: 3, participantId: 3, kind: PARTICIPANT_DOCUMENT_KIND + 1, createdAt: '2026-02-01T00:00:00Z' }),
      ],
    });
    expect(await q.openTaskCount(r, 3)).toBe(2);
    expect((await q.workPlansOf(r, 3)).map((w) => w.uuid).sort()).toEqual(['w-1', 'w-2']);
    expect((await q.targetsOf(r, 3)).map((t) => t.uuid)).toEqual(['t-1']);
    expect((await q.participantDocuments(r, 3)).map((f) => f.uuid)).toEqual(['f-2', 'f-1']);
  });
});
