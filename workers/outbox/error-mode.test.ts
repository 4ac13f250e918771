import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { applyEvent, enqueue, listOutbox } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import { MAX_TRANSIENT_TRIES, SEND_FAILED } from '../../src/domain/sync/outbox-machine';

const ids = createUuidV7();
const STUCK = ids(1);
const OTHER = ids(2);
const MINUTE = 60_000;

it('a row whose field keeps failing transiently holds back only its document, is set aside after its tries, and retry puts it back (issue 37)', async () => {
  const replica = testReplica();
  await replica.docs('syncProbes').put({ uuid: STUCK, id: 1, body: 'server', title: '', counter: 0, revision: 1 });
  const t0 = 1_700_000_000_000;
  const stuckId = await enqueue(replica, 'probes.save', { uuid: STUCK, body: 'mijn tekst' }, undefined, t0);
  // The server answers the request, but the field of the stuck document fails transiently every time (a deadlock).
  const transport = pushTransport((row) => (row.args.uuid === STUCK ? null : { success: true, reason: null, conflict: null }));
  let now = t0;
  for (let i = 0; i < 12 * 6; i++) {
    await enqueue(replica, 'probes.save', { uuid: OTHER, body: `andere ${i}` }, undefined, now);
    await pushOutbox(replica, transport, { now: () => now, random: () => 1 });
    // Every other document's row went through meanwhile.
    expect((await listOutbox(replica)).filter((r) => r.target === OTHER)).toEqual([]);
    now += 10 * MINUTE;
  }
  expect(transport.rows.filter((r) => r.args.uuid === OTHER)).toHaveLength(72);
  const [stuck] = await listOutbox(replica);
  expect(stuck).toMatchObject({ clientMutationId: stuckId, status: 'failed', error: SEND_FAILED, errorParams: { code: 'Unexpected error.', attempts: MAX_TRANSIENT_TRIES } });
  expect(transport.rows.filter((r) => r.args.uuid === STUCK)).toHaveLength(MAX_TRANSIENT_TRIES);
  // Set aside: every screen shows the server's version again; the input is kept on the row.
  expect(await replica.docs('syncProbes').get(STUCK)).toMatchObject({ body: 'server' });
  expect(stuck?.args).toMatchObject({ body: 'mijn tekst' });

  // A later edit of the same document waits behind it; retry puts it back in its place and both go.
  await enqueue(replica, 'probes.save', { uuid: STUCK, body: 'nog een' }, undefined, now);
  await pushOutbox(replica, transport, { now: () => now });
  expect((await listOutbox(replica)).map((r) => r.status)).toEqual(['failed', 'pending']);
  await applyEvent(replica, stuckId, { type: 'retry' }, now);
  expect(await replica.docs('syncProbes').get(STUCK)).toMatchObject({ body: 'nog een', _pending: true });
  const healed = pushTransport(() => ({ success: true, reason: null, conflict: null }));
  await pushOutbox(replica, healed, { now: () => now });
  expect(healed.rows.map((r) => r.args.body)).toEqual(['mijn tekst', 'nog een']);
  expect(healed.rows[0]?.args.clientMutationId).toBe(stuckId);
  expect(await listOutbox(replica)).toEqual([]);
});
