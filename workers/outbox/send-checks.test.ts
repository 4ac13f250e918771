/** Issue 37: a row is checked as it is sent (its size after base values and folding), not only as it was given. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, InvalidWriteInput, listOutbox, pushItemBytes } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import { classify } from '../graph-client';
import { WRITE_TOO_LARGE } from '../../src/domain/writes/define';
import { REQUEST_BODY_LIMIT_BYTES } from '../../src/domain/writes/push-document';
import { PAYLOAD_TOO_LARGE_REASON, UPGRADE_REQUIRED } from '../../src/domain/sync/write-checks';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';

const ids = createUuidV7();
const M1 = ids(1);
const M2 = ids(2);

/** A measurement step with a pasted salary scale of `size` characters. */
const measurement = (uuid: string, scale: string) => ({
  uuid, participantId: 1, type: 1, step: 4,
  normFunction: { normFunction: 'Schoonmaker', salaryScale: scale },
});

/** The server's 413 as the worker's transport classifies it (server/http/security.ts's answer). */
const answer413 = () =>
  classify(413, null, [{ message: 'The request is larger than the server accepts.', extensions: { code: 'payload_too_large', limit: REQUEST_BODY_LIMIT_BYTES } }]);

describe('checks at send time', () => {
  it('two saves that fold past the 1 MB limit are refused at the second save: the queued row and the document stay as they were', async () => {
    const replica = testReplica();
    // Step 3: five tasks with long explanations (about 400 KB); step 4: a pasted salary scale of 650 KB. Each fits alone.
    const long = 'x'.repeat(20_000);
    const task = (sortOrder: number) => ({ sortOrder, description: 'Taak', explanation: long, paceExplanation: long, qualityExplanation: long, netWorkingTimeExplanation: long });
    await enqueue(replica, 'wageValue.saveMeasurement', { ...measurement(M1, ''), step: 3, normFunction: undefined, tasks: [1, 2, 3, 4, 5].map(task) }, {});
    const [first] = await listOutbox(replica);
    // Folded into the first row, the request would carry both: over the server's limit.
    const error = await enqueue(replica, 'wageValue.saveMeasurement', measurement(M1, 'b'.repeat(650_000)), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidWriteInput);
    expect((error as InvalidWriteInput).issues).toEqual([{ path: 'normFunction', message: WRITE_TOO_LARGE }]);
    expect(await listOutbox(replica)).toEqual([first]);
    const doc = await replica.docs('wageValueMeasurements').get(M1);
    expect(doc).toMatchObject({ step: 3, _pending: true });
    expect(doc?.normFunction).toBeUndefined();
  });

  it('an edit over a 600 KB value on the server is measured with its base values: refused at the save, nothing queued', async () => {
    const replica = testReplica();
    await replica.docs('wageValueMeasurements').put({ uuid: M2, id: 7, revision: 3, participantId: 1, type: 1, step: 4, normFunction: { normFunction: 'Schoonmaker', salaryScale: 'a'.repeat(600_000) } });
    await expect(enqueue(replica, 'wageValue.saveMeasurement', measurement(M2, 'b'.repeat(600_000)), {})).rejects.toBeInstanceOf(InvalidWriteInput);
    expect(await listOutbox(replica)).toEqual([]);
  });

  it('a row that grew past the limit after it was queued is not sent: it stays on the device, refused with what to shorten, its text kept', async () => {
    const replica = testReplica();
    await enqueue(replica, 'wageValue.saveMeasurement', measurement(M1, 'a'.repeat(600_000)), {});
    await enqueue(replica, 'probes.save', { uuid: M2, body: 'gaat gewoon mee' });
    // Grown after queueing (a base the user saw later, a migration): the request would be over the server's limit.
    await replica.outbox.filter((r) => r.op === 'wageValue.saveMeasurement').modify((row) => {
      row.baseValues = { normFunction: { normFunction: 'Schoonmaker', salaryScale: 'c'.repeat(600_000) } };
    });
    const [grown] = (await listOutbox(replica)).filter((r) => r.op === 'wageValue.saveMeasurement');
    expect(pushItemBytes(grown!)).toBeGreaterThan(REQUEST_BODY_LIMIT_BYTES);
    const transport = pushTransport(() => ({ success: true, reason: null, conflict: null, revision: 1 }));
    await pushOutbox(replica, transport);
    // Only the probe went; the measurement never left the device.
    expect(transport.rows.map((r) => r.op)).toEqual(['saveSyncProbe']);
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ op: 'wageValue.saveMeasurement', status: 'failed', error: PAYLOAD_TOO_LARGE_REASON, errorParams: { field: 'normFunction' } });
    expect((row!.args.normFunction as { salaryScale: string }).salaryScale).toBe('a'.repeat(600_000));
    expect(row!.errorParams!.kb).toBeGreaterThan(1024);
  });

  it("a 413 from the server is the same refusal with what to shorten, never the server's English sentence", async () => {
    const replica = testReplica();
    await enqueue(replica, 'wageValue.saveMeasurement', measurement(M1, 'a'.repeat(600_000)), {});
    await pushOutbox(replica, () => Promise.resolve(answer413()) as never);
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ status: 'failed', error: PAYLOAD_TOO_LARGE_REASON, errorParams: { field: 'normFunction' } });
    expect((row!.args.normFunction as { salaryScale: string }).salaryScale).toBe('a'.repeat(600_000));
  });
});

describe('a row of a write version the server does not take', () => {
  it('stays on the device as it was (pending, its value shown) and the push stops with upgrade_required for the app to offer the update', async () => {
    const replica = testReplica();
    await enqueue(replica, 'probes.save', { uuid: M1, body: 'blijft staan' });
    await enqueue(replica, 'probes.save', { uuid: M2, body: 'wacht erachter' });
    const transport = pushTransport((row) => (row.args.uuid === M1 ? { success: false, reason: UPGRADE_REQUIRED, params: { version: 2 }, conflict: null } : { success: true, reason: null, conflict: null }));
    const outcome = await pushOutbox(replica, transport, { batch: 1 });
    expect(outcome).toEqual({ kind: 'blocked', code: UPGRADE_REQUIRED });
    // Sent with its version; nothing behind it went.
    expect(transport.rows.map((r) => [r.args.uuid, r.args.writeVersion])).toEqual([[M1, 1]]);
    expect((await listOutbox(replica)).map((r) => [r.args.uuid, r.status])).toEqual([[M1, 'pending'], [M2, 'pending']]);
    expect(await replica.docs('syncProbes').get(M1)).toMatchObject({ body: 'blijft staan', _pending: true });
  });
});
