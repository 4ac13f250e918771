/**
 * The sealing layer on the worker's replica (issue 36, src/lib/device-crypto/seal.ts): what IndexedDB holds
 * is read here WITHOUT the layer (a plain Dexie on the same database) and searched for the personal data.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie, liveQuery } from 'dexie';
import { applyPullPages } from './pull-pages';
import { enqueue } from '../outbox/outbox';
import { enqueueFile } from '../outbox/files';
import { openReplica, type Replica } from './db';
import { declareReplicaSchema, OUTBOX_COUNTS_KEY, REPLICA_VERSION, REPLICA_VERSIONS } from '../../src/domain/sync/replica-schema';
import { newOutboxRow } from '../../src/domain/sync/outbox-machine';
import { forgetDataKey, setDataKey } from '../../src/lib/device-crypto/data-keys';
import { ReplicaLockedError, SealOpenError } from '../../src/lib/device-crypto/seal';
import type { PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';

const P1 = '01900000-0000-7000-8000-000000000031';
const P2 = '01900000-0000-7000-8000-000000000032';
const R1 = '01900000-0000-7000-8000-000000000033';
const R2 = '01900000-0000-7000-8000-000000000034';
const PERSONAL = ['Wilhelmina', 'Kuipers-Brouwer', 'wilhelmina.kuipers@example.nl', '0612345678', '123456782', 'Dorpsstraat 7', 'rugklachten'];

const answer = (documents: PullAnswer['documents'], seq: number): PullAnswer => ({ documents, checkpoint: { seq, scopeKey: `k${seq}` }, reset: false, hasMore: false });

let counter = 0;
/** A replica whose identity has its own random key. */
function sealedReplica(): { replica: Replica; name: string } {
  const name = `werkpad-sealed-${++counter}-${Math.random().toString(36).slice(2)}`;
  setDataKey(name, crypto.getRandomValues(new Uint8Array(32)));
  return { replica: openReplica({ companyId: 1, userId: counter }, name), name };
}

/** The same database without the sealing layer: what is on disk. */
async function raw(name: string): Promise<Dexie> {
  const db = new Dexie(name);
  await db.open();
  return db;
}

/** Every string and byte of a stored record, as Latin-1 and UTF-16 text (how a disk search would see it). */
function diskText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('latin1') + Buffer.from(value).toString('utf16le');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}:${diskText(v)}`).join('|');
  return String(value);
}

async function pullParticipants(replica: Replica): Promise<void> {
  await applyPullPages(
    replica,
    [
      {
        collection: 'participants',
        answer: answer(
          [
            { uuid: P1, id: 1, firstname: 'Wilhelmina', lastname: 'Kuipers-Brouwer', email: 'wilhelmina.kuipers@example.nl', phone: '0612345678', bsn: '123456782', street: 'Dorpsstraat 7', notes: 'rugklachten', coachId: 3, statusId: 2, revision: 1, _deleted: false },
            { uuid: P2, id: 2, firstname: 'Anna', lastname: 'Bakker', coachId: 4, statusId: 2, revision: 1, _deleted: false },
          ],
          5,
        ),
      },
      {
        collection: 'reviews',
        answer: answer(
          [
            { uuid: R1, id: 1, participantId: 1, assignmentId: 9, createdAt: '2026-01-02', top: 'Wilhelmina werkt nauwkeurig', revision: 1, _deleted: false },
            { uuid: R2, id: 2, participantId: 1, assignmentId: 9, createdAt: '2026-03-04', top: 'tweede', revision: 1, _deleted: false },
          ],
          5,
        ),
      },
    ],
    100,
  );
}

describe('the sealed replica', () => {
  it('stores a pulled document, an outbox row and a queued file with no personal field in clear', async () => {
    const { replica, name } = sealedReplica();
    await pullParticipants(replica);
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'Wilhelmina Kuipers-Brouwer, rugklachten' });
    const file = new Blob(['%PDF Wilhelmina Kuipers-Brouwer 123456782'], { type: 'application/pdf' });
    const roomy = () => Promise.resolve({ quota: 1e9, usage: 0 });
    await enqueueFile(replica, 'portal.addDocument', { uuid: R1, name: 'Wilhelmina.pdf' }, { blob: file, name: 'Wilhelmina.pdf' }, { participantId: 1, userId: 3, size: file.size, mime: 'application/pdf' }, { estimate: roomy });

    const disk = await raw(name);
    const stored: unknown = await disk.table('participants').get(P1);
    expect(Object.keys(stored as object).sort()).toEqual(['$sealed', 'coachId', 'id', 'statusId', 'uuid']);
    const everything = (await Promise.all(disk.tables.map((t) => t.toArray()))).flat();
    expect(everything.length).toBeGreaterThan(5);
    const text = everything.map(diskText).join('\n');
    for (const personal of [...PERSONAL, 'Wilhelmina.pdf', '%PDF']) expect(text).not.toContain(personal);
    disk.close();

    // Through the layer everything reads back clear.
    expect(await replica.docs('participants').get(P1)).toMatchObject({ firstname: 'Wilhelmina', bsn: '123456782', nameLower: 'kuipers-brouwer wilhelmina' });
    expect((await replica.outbox.toArray()).map((r) => r.args)).toEqual([
      { uuid: P1, body: 'Wilhelmina Kuipers-Brouwer, rugklachten' },
      { uuid: R1, name: 'Wilhelmina.pdf' },
    ]);
    const [queued] = await replica.outboxFiles.toArray();
    expect(queued?.name).toBe('Wilhelmina.pdf');
    expect(await queued?.blob.text()).toBe('%PDF Wilhelmina Kuipers-Brouwer 123456782');
    expect(queued?.blob.type).toBe('application/pdf');
    replica.dexie.close();
  });

  it('opens the document on every read path', async () => {
    const { replica } = sealedReplica();
    await pullParticipants(replica);
    const people = replica.docs('participants');
    const reviews = replica.docs('reviews');
    const first = (docs: readonly (ReplicaDocument | undefined)[]) => docs.map((d) => d?.firstname);
    expect((await people.get(P1))?.firstname).toBe('Wilhelmina');
    expect(first(await people.bulkGet([P2, P1]))).toEqual(['Anna', 'Wilhelmina']);
    expect(first(await people.toArray())).toEqual(['Wilhelmina', 'Anna']);
    expect(first(await people.where('coachId').equals(4).toArray())).toEqual(['Anna']);
    expect(first(await people.orderBy('id').reverse().toArray())).toEqual(['Anna', 'Wilhelmina']);
    expect(first(await people.orderBy('id').offset(1).limit(1).toArray())).toEqual(['Anna']);
    expect(first(await people.filter((d) => d.lastname === 'Bakker').toArray())).toEqual(['Anna']);
    expect((await people.where('id').anyOf([1, 2]).first())?.firstname).toBe('Wilhelmina');
    const walked: unknown[] = [];
    await people.each((d) => walked.push(d.firstname));
    expect(walked).toEqual(['Wilhelmina', 'Anna']);
    expect((await reviews.where('[participantId+createdAt]').between([1, '2026-02-01'], [1, '2026-12-31']).toArray()).map((r) => r.top)).toEqual(['tweede']);
    expect((await reviews.where('[participantId+createdAt]').between([1, Dexie.minKey], [1, Dexie.maxKey]).reverse().first())?.top).toBe('tweede');
    expect((await people.where('id').equals(1).modify({ phone: '0687654321' }))).toBe(1);
    expect((await people.get(P1))?.phone).toBe('0687654321');
    const seen = await new Promise<unknown>((resolve, reject) => {
      const sub = liveQuery(() => people.where('coachId').equals(3).toArray()).subscribe({
        next: (docs) => {
          sub.unsubscribe();
          resolve(docs.map((d) => d.firstname));
        },
        error: reject,
      });
    });
    expect(seen).toEqual(['Wilhelmina']);
    replica.dexie.close();
  });

  it('a sealed value moved to another row or table, or opened with another key, does not open', async () => {
    const { replica, name } = sealedReplica();
    await pullParticipants(replica);
    const disk = await raw(name);
    const sealed = (await disk.table('participants').get(P1)) as Record<string, unknown>;
    await disk.table('participants').put({ ...sealed, uuid: P2, id: 2 });
    await disk.table('syncProbes').put({ ...sealed });
    disk.close();
    await expect(replica.docs('participants').get(P2)).rejects.toBeInstanceOf(SealOpenError);
    await expect(replica.docs('syncProbes').get(P1)).rejects.toBeInstanceOf(SealOpenError);
    expect((await replica.docs('participants').get(P1))?.firstname).toBe('Wilhelmina');
    setDataKey(name, crypto.getRandomValues(new Uint8Array(32)));
    await expect(replica.docs('participants').get(P1)).rejects.toBeInstanceOf(SealOpenError);
    replica.dexie.close();
  });

  it('without the key reads and writes refuse, and nothing is stored', async () => {
    const { replica, name } = sealedReplica();
    await pullParticipants(replica);
    forgetDataKey(name);
    await expect(replica.docs('participants').get(P1)).rejects.toBeInstanceOf(ReplicaLockedError);
    await expect(replica.docs('participants').toArray()).rejects.toBeInstanceOf(ReplicaLockedError);
    await expect(replica.docs('participants').where('coachId').equals(3).first()).rejects.toBeInstanceOf(ReplicaLockedError);
    await expect(replica.docs('participants').put({ uuid: P2, id: 2, firstname: 'Klaas' })).rejects.toBeInstanceOf(ReplicaLockedError);
    await expect(enqueue(replica, 'probes.save', { uuid: P1, body: 'Klaas' })).rejects.toBeInstanceOf(ReplicaLockedError);
    const disk = await raw(name);
    expect(diskText(await disk.table('participants').toArray())).not.toContain('Klaas');
    expect(await disk.table('outbox').count()).toBe(0);
    disk.close();
    replica.dexie.close();
  });

  it('an upgrade from a clear replica drops the documents and keeps every outbox row, sealed', async () => {
    const name = `werkpad-upgrade-${Math.random().toString(36).slice(2)}`;
    const v5 = new Dexie(name);
    declareReplicaSchema(v5, REPLICA_VERSIONS.slice(0, 5));
    await v5.open();
    await v5.table('participants').put({ uuid: P1, id: 1, firstname: 'Wilhelmina', nameLower: 'kuipers wilhelmina', listName: 'kuipers wilhelmina' });
    await v5.table('checkpoints').put({ collection: 'participants', seq: 10, scopeKey: 'k', syncedAt: 1 });
    const rows = Array.from({ length: 30 }, (_, i) => ({
      ...newOutboxRow({ clientMutationId: `0190-${String(i).padStart(3, '0')}`, op: 'probes.save', args: { body: `Wilhelmina ${i}` } }, i),
      status: i % 3 === 0 ? 'failed' : 'pending',
    }));
    await v5.table('outbox').bulkPut(rows);
    await v5.table('meta').put({ key: OUTBOX_COUNTS_KEY, value: { pending: 20, sending: 0, failed: 10, conflict: 0 } });
    v5.close();

    setDataKey(name, crypto.getRandomValues(new Uint8Array(32)));
    const replica = openReplica({ companyId: 1, userId: 1 }, name);
    await replica.dexie.open();
    expect(replica.dexie.verno).toBe(REPLICA_VERSION);
    expect(await replica.docs('participants').count()).toBe(0);
    expect(await replica.checkpoints.count()).toBe(0);
    expect((await replica.outbox.toArray()).map((r) => [r.clientMutationId, r.status, r.args])).toEqual(rows.map((r) => [r.clientMutationId, r.status, r.args]));
    expect((await replica.meta.get(OUTBOX_COUNTS_KEY))?.value).toEqual({ pending: 20, sending: 0, failed: 10, conflict: 0 });
    replica.dexie.close();

    const disk = await raw(name);
    const stored = await disk.table('outbox').toArray();
    expect(stored).toHaveLength(30);
    expect(diskText(stored)).not.toContain('Wilhelmina');
    disk.close();
  });

  it('an upgrade without the key does not open (nothing is read or rewritten in clear)', async () => {
    const name = `werkpad-upgrade-locked-${Math.random().toString(36).slice(2)}`;
    const v5 = new Dexie(name);
    declareReplicaSchema(v5, REPLICA_VERSIONS.slice(0, 5));
    await v5.open();
    await v5.table('outbox').put(newOutboxRow({ clientMutationId: '0190-a', op: 'probes.save', args: { body: 'Wilhelmina' } }, 1));
    v5.close();
    forgetDataKey(name);
    const replica = openReplica({ companyId: 1, userId: 1 }, name);
    await expect(replica.dexie.open()).rejects.toThrow();
    const disk = await raw(name);
    expect(disk.verno).toBe(5);
    expect(await disk.table('outbox').count()).toBe(1);
    disk.close();
  });
});
