/**
 * Issue 19: rows are immutable once read for sending (point 1) and a failing row is isolated
 * (point 3). Each of these failed before the fix.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyEvent, enqueue, listOutbox } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import type { GraphTransport } from '../graph-client';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import { MAX_ERROR_ATTEMPTS, OutboxRowSending, WRITE_FAILED } from '../../src/domain/sync/outbox-machine';

const okAt = (revision: number) => ({ success: true, reason: null, conflict: null, revision });
const ids = createUuidV7();
const P1 = ids(1);
const P2 = ids(2);

async function seedProbe(replica: ReturnType<typeof testReplica>, uuid: string, body: string, revision = 1) {
  await replica.docs('syncProbes').put({ uuid, id: 1, body, title: '', counter: 0, revision });
}

describe('rows are immutable once read for sending', () => {
  it('an edit made while the push reads its batch is sent with it or after it, never lost', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'eerste' });
    let revision = 1;
    const transport = pushTransport(() => okAt(++revision));
    // The edit starts while the push starts: it lands between reading the batch and marking it.
    const [pushed] = await Promise.all([pushOutbox(replica, transport), enqueue(replica, 'probes.save', { uuid: P1, body: 'tweede' })]);
    expect(pushed).toEqual({ kind: 'idle' });
    // Whatever the interleaving, the last request carried the last edit.
    expect(transport.rows.at(-1)?.args.body).toBe('tweede');
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'tweede', revision });
  });

  it('an edit made while the request is on its way becomes a new row, sent after it: not stamped with the first revision', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'eerste' });
    const during: Promise<string>[] = [];
    let revision = 1;
    const transport = pushTransport(() => {
      // The user types on while the request is out (autosave): the edit is queued before the answer is applied.
      if (during.length === 0) during.push(enqueue(replica, 'probes.save', { uuid: P1, body: 'tijdens' }));
      return okAt(++revision);
    });
    expect(await pushOutbox(replica, transport, { batch: 1 })).toEqual({ kind: 'idle' });
    await Promise.all(during);
    expect(transport.rows.map((r) => r.args.body)).toEqual(['eerste', 'tijdens']);
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'tijdens', revision: 3 });
  });

  it('a request carries exactly the values of the rows it marked sending', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'eerste' });
    const marked: unknown[] = [];
    const transport = pushTransport(() => okAt(2));
    await pushOutbox(replica, transport, { onTaken: (rows) => marked.push(...rows.map((r) => [r.status, r.args.body])) });
    expect(marked).toEqual([['sending', 'eerste']]);
    expect(transport.rows.map((r) => r.args.body)).toEqual(['eerste']);
  });

  it('a row being sent cannot be discarded (another tab): it stays and its answer is applied', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    const id = await enqueue(replica, 'probes.save', { uuid: P1, body: 'onderweg' });
    const refusals: unknown[] = [];
    const server = pushTransport(() => okAt(2));
    const transport: GraphTransport = async (query, variables) => {
      // Another tab discards the row while its request is out.
      await applyEvent(replica, id, { type: 'discard' }).catch((e: unknown) => refusals.push(e));
      return server(query, variables);
    };
    await pushOutbox(replica, transport);
    expect(refusals).toEqual([expect.any(OutboxRowSending)]);
    expect(server.rows.map((r) => r.args.body)).toEqual(['onderweg']);
    // Accepted: the document keeps the value the server took.
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'onderweg', revision: 2 });
    expect(await listOutbox(replica)).toEqual([]);
  });
});

describe('a failing row is isolated', () => {
  /** The server's answer to a write that threw something not transient (a bug): nothing stayed, send it again. */
  const internalError = { success: false, reason: 'internal_error', conflict: null };
  /** A resolver that throws on every save of P1. */
  const poisonP1 = (rowArgs: Record<string, unknown>) => (rowArgs.uuid === P1 ? internalError : okAt(2));

  it('is retried with backoff, then marked failed with its reason; other documents go on at once', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await seedProbe(replica, P2, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'gif' });
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'gezond' });
    let t = 10_000_000;
    const transport = pushTransport((row) => poisonP1(row.args));
    // The first try: P1 throws; P2 (another document) is not held back by it.
    const first = await pushOutbox(replica, transport, { now: () => t, random: () => 1 });
    expect(first.kind).toBe('wait');
    expect(await replica.docs('syncProbes').get(P2)).toMatchObject({ body: 'gezond', revision: 2 });
    let outcome = first;
    for (let i = 1; i < MAX_ERROR_ATTEMPTS && outcome.kind === 'wait'; i++) {
      t = outcome.until;
      outcome = await pushOutbox(replica, transport, { now: () => t, random: () => 1 });
    }
    expect(outcome).toEqual({ kind: 'idle' });
    expect(transport.rows.filter((r) => r.args.uuid === P1)).toHaveLength(MAX_ERROR_ATTEMPTS);
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ status: 'failed', error: WRITE_FAILED, errorParams: { code: 'internal_error' }, args: { uuid: P1, body: 'gif' } });
    // Rolled back like any refusal: the screen shows the server's version.
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'oud' });
  });

  it('later rows of the same document wait behind it; later rows of other documents do not', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await seedProbe(replica, P2, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'gif' });
    // Not folded into the first (it was sent): a row of its own, behind it.
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'ander document' });
    const t = 10_000_000;
    const transport = pushTransport((row) => (row.args.body === 'gif' ? internalError : okAt(2)));
    expect((await pushOutbox(replica, transport, { now: () => t, random: () => 1, batch: 1 })).kind).toBe('wait');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'later' });
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'nog later' });
    await pushOutbox(replica, transport, { now: () => t, random: () => 1, batch: 1 });
    expect(transport.rows.map((r) => r.args.body)).toEqual(['gif', 'ander document', 'nog later']);
    expect((await listOutbox(replica)).map((r) => [r.args.body, r.status, r.errorAttempts ?? 0])).toEqual([
      ['gif', 'pending', 1],
      ['later', 'pending', 0],
    ]);
  });

  it('a transient failure (deadlock) is retried without limit and keeps the order of every row', async () => {
    const replica = testReplica();
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 1 });
    await enqueue(replica, 'probes.bump', { uuid: P2, delta: 2 });
    let t = 10_000_000;
    const transport = pushTransport((row) => (row.args.uuid === P1 ? null : okAt(1)));
    for (let i = 0; i < MAX_ERROR_ATTEMPTS + 2; i++) {
      const outcome = await pushOutbox(replica, transport, { now: () => t, random: () => 1, batch: 1 });
      expect(outcome.kind).toBe('offline');
      t += 10 * 60_000;
    }
    expect(transport.rows.every((r) => r.args.uuid === P1)).toBe(true);
    expect((await listOutbox(replica)).map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});
