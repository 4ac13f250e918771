import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, listOutbox } from './outbox';
import { applyEventWithFile, dropOrphanFiles, enqueueFile, FileRefused } from './files';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import type { GraphOutcome } from '../graph-client';
import type { UploadFile, UploadTransport } from '../upload-client';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import { queuedFileProblem, QUEUE_HEADROOM_BYTES, uploadProgressKey } from '../../src/domain/writes/queued-file';
import { portalWrites } from '../../src/domain/portal/writes';
import type { PushAnswer } from '../../src/domain/sync/types';

const ids = createUuidV7();
const DOC = ids(1);
const MB = 1024 * 1024;
const roomy = () => Promise.resolve({ quota: 1000 * MB, usage: 10 * MB });
const full = () => Promise.resolve({ quota: 1000 * MB, usage: 999 * MB });
const extra = { participantId: 7, userId: 3, size: 4, mime: 'application/pdf' };
const pdf = (bytes = '%PDF') => new Blob([bytes], { type: 'application/pdf' });

/** An upload transport that records what it sent and answers from `answer` (reporting full progress first). */
function uploads(answer: (variables: Record<string, unknown>) => GraphOutcome<unknown>): UploadTransport & { sent: { variables: Record<string, unknown>; file: UploadFile; text: string }[] } {
  const sent: { variables: Record<string, unknown>; file: UploadFile; text: string }[] = [];
  const transport = (async (_query: string, variables: Record<string, unknown>, file: UploadFile, onProgress: (loaded: number, total: number) => void) => {
    onProgress(file.blob.size, file.blob.size);
    sent.push({ variables, file, text: await file.blob.text() });
    return answer(variables);
  }) as UploadTransport & { sent: typeof sent };
  transport.sent = sent;
  return transport;
}

const accepted = (): GraphOutcome<unknown> => ({ kind: 'data', data: { r0: { success: true, reason: null, conflict: null } as PushAnswer } });

describe('queueing a write with a file', () => {
  it('refuses a file that is too large, empty, or does not fit on the device: nothing is queued', async () => {
    const replica = testReplica();
    const input = { uuid: DOC, name: 'cv.pdf' };
    const big = new Blob([new Uint8Array(10 * MB + 1)]);
    await expect(enqueueFile(replica, 'portal.addDocument', input, { blob: big, name: 'cv.pdf' }, extra, { estimate: roomy })).rejects.toEqual(
      new FileRefused('portal.errors.fileTooLarge'),
    );
    await expect(enqueueFile(replica, 'portal.addDocument', input, { blob: new Blob([]), name: 'cv.pdf' }, extra, { estimate: roomy })).rejects.toEqual(
      new FileRefused('portal.errors.fileEmpty'),
    );
    const refused = await enqueueFile(replica, 'portal.addDocument', input, { blob: pdf(), name: 'cv.pdf' }, extra, { estimate: full }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FileRefused);
    expect((refused as FileRefused).reason).toBe('portal.errors.deviceFull');
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.outboxFiles.count()).toBe(0);
    expect(await replica.docs('files').count()).toBe(0);
  });

  it('the room check keeps headroom beyond the file, and queues when the browser gives no estimate', () => {
    const rule = portalWrites.addDocument.file!;
    expect(queuedFileProblem(rule, MB, { quota: 100 * MB, usage: 100 * MB - MB - QUEUE_HEADROOM_BYTES })).toBeNull();
    expect(queuedFileProblem(rule, MB, { quota: 100 * MB, usage: 100 * MB - MB - QUEUE_HEADROOM_BYTES + 1 })).toBe('portal.errors.deviceFull');
    expect(queuedFileProblem(rule, MB, null)).toBeNull();
    expect(queuedFileProblem(rule, 10 * MB, null)).toBeNull();
    expect(queuedFileProblem(rule, 10 * MB + 1, null)).toBe('portal.errors.fileTooLarge');
  });

  it('stores the bytes beside the row and shows the document at once, marked pending', async () => {
    const replica = testReplica();
    const id = await enqueueFile(replica, 'portal.addDocument', { uuid: DOC, name: 'cv.pdf' }, { blob: pdf(), name: 'cv.pdf' }, extra, { estimate: roomy });
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ clientMutationId: id, op: 'portal.addDocument', status: 'pending', args: { uuid: DOC, name: 'cv.pdf' } });
    const file = await replica.outboxFiles.get(id);
    expect(file).toMatchObject({ clientMutationId: id, name: 'cv.pdf', size: 4 });
    expect(await file!.blob.text()).toBe('%PDF');
    expect(await replica.docs('files').get(DOC)).toMatchObject({ name: 'cv.pdf', kind: 5, participantId: 7, userId: 3, _pending: true });
  });

  it('a write with a file cannot be queued without one', async () => {
    const replica = testReplica();
    await expect(enqueueFile(replica, 'probes.save', { uuid: DOC, body: 'x' }, { blob: pdf(), name: 'x' })).rejects.toThrow(/does not carry a file/);
  });
});

describe('sending a write with a file', () => {
  it('goes alone, as multipart with its bytes and client mutation id, in order between the other writes; its bytes leave once accepted', async () => {
    const replica = testReplica();
    const before = await enqueue(replica, 'portal.setDisplaySettings', { theme: 'dark' });
    const upload = await enqueueFile(replica, 'portal.addDocument', { uuid: DOC, name: 'cv.pdf' }, { blob: pdf(), name: 'cv.pdf' }, extra, { estimate: roomy });
    const after = await enqueue(replica, 'portal.setWidgetOrder', { page: 'home', widgets: ['my-tasks'] });
    const order: string[] = [];
    const json = pushTransport((row) => {
      order.push(String(row.args.clientMutationId));
      return { success: true, reason: null, conflict: null };
    });
    const multipart = uploads((variables) => {
      order.push(String((variables.r0 as { clientMutationId: string }).clientMutationId));
      return accepted();
    });
    expect(await pushOutbox(replica, json, { upload: multipart })).toEqual({ kind: 'idle' });
    expect(order).toEqual([before, upload, after]);
    expect(multipart.sent).toHaveLength(1);
    expect(multipart.sent[0]).toMatchObject({ text: '%PDF', variables: { r0: { uuid: DOC, name: 'cv.pdf', clientMutationId: upload } } });
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.outboxFiles.count()).toBe(0);
    expect(await replica.meta.get(uploadProgressKey(upload))).toBeUndefined();
  });

  it('after a lost answer the same row goes again under the same client mutation id (the server answers the replay once)', async () => {
    const replica = testReplica();
    const id = await enqueueFile(replica, 'portal.addDocument', { uuid: DOC, name: 'cv.pdf' }, { blob: pdf(), name: 'cv.pdf' }, extra, { estimate: roomy });
    let calls = 0;
    const multipart = uploads(() => (++calls === 1 ? { kind: 'network', error: 'connection lost' } : accepted()));
    const json = pushTransport(() => ({ success: true, reason: null, conflict: null }));
    expect((await pushOutbox(replica, json, { upload: multipart })).kind).toBe('offline');
    // Kept with its bytes, and its progress was reported where every tab reads it.
    expect(await replica.outboxFiles.get(id)).toBeDefined();
    expect(await replica.meta.get(uploadProgressKey(id))).toMatchObject({ value: { loaded: 4, total: 4 } });
    await replica.outbox.update(id, { nextAttemptAt: 0 });
    expect(await pushOutbox(replica, json, { upload: multipart })).toEqual({ kind: 'idle' });
    expect(multipart.sent.map((s) => (s.variables.r0 as { clientMutationId: string }).clientMutationId)).toEqual([id, id]);
    expect(json.rows).toEqual([]);
    expect(await replica.outboxFiles.count()).toBe(0);
  });

  it('a refused upload keeps its bytes for a retry, which takes them to the new id; discarding removes them', async () => {
    const replica = testReplica();
    const id = await enqueueFile(replica, 'portal.addDocument', { uuid: DOC, name: 'cv.pdf' }, { blob: pdf(), name: 'cv.pdf' }, extra, { estimate: roomy });
    const multipart = uploads(() => ({ kind: 'data', data: { r0: { success: false, reason: 'portal.errors.fileTypeNotAllowed', conflict: null } } }));
    await pushOutbox(replica, pushTransport(() => null), { upload: multipart });
    expect(await replica.outbox.get(id)).toMatchObject({ status: 'failed', error: 'portal.errors.fileTypeNotAllowed' });
    expect(await replica.docs('files').get(DOC)).toBeUndefined();
    expect(await replica.outboxFiles.get(id)).toBeDefined();
    const renewed = await applyEventWithFile(replica, id, { type: 'retry' });
    expect(renewed?.clientMutationId).not.toBe(id);
    expect(await replica.outboxFiles.get(id)).toBeUndefined();
    expect(await (await replica.outboxFiles.get(renewed!.clientMutationId))?.blob.text()).toBe('%PDF');
    await applyEventWithFile(replica, renewed!.clientMutationId, { type: 'discard' });
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.outboxFiles.count()).toBe(0);
  });

  it('bytes whose row is gone are swept', async () => {
    const replica = testReplica();
    const id = await enqueueFile(replica, 'portal.addDocument', { uuid: DOC, name: 'cv.pdf' }, { blob: pdf(), name: 'cv.pdf' }, extra, { estimate: roomy });
    await replica.outbox.delete(id);
    expect(await dropOrphanFiles(replica)).toBe(1);
    expect(await replica.outboxFiles.count()).toBe(0);
  });
});
