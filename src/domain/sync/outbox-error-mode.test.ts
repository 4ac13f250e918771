import { describe, expect, it } from 'vitest';
import {
  holdsDocument,
  MAX_TRANSIENT_TRIES,
  newOutboxRow,
  nextToSend,
  SEND_FAILED,
  TRANSIENT_LIMIT_MS,
  transition,
  type OutboxEvent,
  type OutboxRow,
} from './outbox-machine';

const HOUR = 60 * 60_000;
const T0 = 1_700_000_000_000;
/** A field of an answered request that failed transiently (a deadlock): the row's own failure. */
const ownTransient: OutboxEvent = { type: 'networkError', error: 'deadlock detected', answered: true };

const queued = (id: string, target: string): OutboxRow =>
  newOutboxRow({ clientMutationId: id, op: 'probes.save', args: { uuid: target, body: id }, collection: 'syncProbes', target, patch: { body: id } }, T0);

/**
 * Drives the queue the way the worker does, with an injected clock: the row of document A fails
 * transiently every time it is sent, every other row is accepted. New rows of document B are
 * queued every 10 minutes meanwhile.
 */
function runFor(ms: number, options: { maxSends?: number } = {}) {
  let rows: OutboxRow[] = [queued('0001', 'doc-a')];
  let now = T0;
  let seq = 2;
  let nextB = T0;
  let sends = 0;
  const accepted: string[] = [];
  while (now < T0 + ms && sends < (options.maxSends ?? Infinity)) {
    if (now >= nextB) {
      rows.push(queued(String(seq++).padStart(4, '0'), 'doc-b'));
      nextB += 10 * 60_000;
    }
    const { row, waitUntil } = nextToSend(rows, now);
    if (!row) {
      now = Math.min(waitUntil ?? Infinity, nextB, T0 + ms);
      continue;
    }
    const sending = transition(row, { type: 'send' }, now, 0.5).row!;
    sends++;
    const answered = row.target === 'doc-a' ? transition(sending, ownTransient, now, 0.5).row : transition(sending, { type: 'answer', answer: { success: true, reason: null } }, now, 0.5).row;
    if (!answered) accepted.push(row.clientMutationId);
    rows = rows.flatMap((r) => (r.clientMutationId !== row.clientMutationId ? [r] : answered ? [answered] : []));
  }
  return { rows, accepted, now };
}

describe('error mode: a row that keeps failing transiently (issue 37)', () => {
  it('holds back only its own document meanwhile: the rows of other documents go through', () => {
    const { rows, accepted } = runFor(3 * HOUR, { maxSends: 15 });
    const a = rows.find((r) => r.target === 'doc-a')!;
    expect(a.status).toBe('pending');
    expect(a.transientTries).toBeGreaterThan(1);
    expect(accepted.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.target === 'doc-b')).toEqual([]);
  });

  it('after 20 tries it is set aside as failed with its reason; later rows of its document wait, other documents go on', () => {
    const { rows } = runFor(24 * HOUR);
    const a = rows.find((r) => r.clientMutationId === '0001')!;
    expect(a).toMatchObject({ status: 'failed', error: SEND_FAILED, errorParams: { code: 'deadlock detected', attempts: MAX_TRANSIENT_TRIES } });
    expect(holdsDocument(a)).toBe(true);
    const laterOfA = { ...queued('9998', 'doc-a') };
    const otherDoc = queued('9999', 'doc-c');
    expect(nextToSend([...rows, laterOfA, otherDoc], T0 + 25 * HOUR).row?.clientMutationId).toBe('9999');
    expect(nextToSend([a, laterOfA], T0 + 25 * HOUR)).toEqual({ row: null, waitUntil: null });
  });

  it('after 24 hours of transient failures it is set aside even below 20 tries', () => {
    const first = transition(transition(queued('0001', 'doc-a'), { type: 'send' }, T0).row!, ownTransient, T0, 0.5).row!;
    expect(first).toMatchObject({ status: 'pending', transientTries: 1, transientSince: T0 });
    const justBefore = transition(transition(first, { type: 'send' }, T0 + TRANSIENT_LIMIT_MS - 1).row!, ownTransient, T0 + TRANSIENT_LIMIT_MS - 1, 0.5).row!;
    expect(justBefore.status).toBe('pending');
    const after = transition(transition(justBefore, { type: 'send' }, T0 + TRANSIENT_LIMIT_MS).row!, ownTransient, T0 + TRANSIENT_LIMIT_MS, 0.5);
    expect(after.row).toMatchObject({ status: 'failed', error: SEND_FAILED, errorParams: { code: 'deadlock detected', attempts: 3 } });
    expect(after.effects).toEqual(['rollback']);
  });

  it('retry puts it back in the queue under the same id (the server never took it), in its place before the later rows of its document', () => {
    const { rows } = runFor(24 * HOUR);
    const a = rows.find((r) => r.clientMutationId === '0001')!;
    const back = transition(a, { type: 'retry' }, T0 + 25 * HOUR);
    expect(back.row).toMatchObject({ clientMutationId: '0001', status: 'pending', error: null, transientTries: 0, transientSince: null });
    expect(back.effects).toEqual(['reapply']);
    expect(nextToSend([back.row!, queued('9998', 'doc-a')], T0 + 25 * HOUR).row?.clientMutationId).toBe('0001');
  });

  it('a request that reached no server at all (offline) is not the row\'s fault: it keeps the whole queue in order and never sets a row aside', () => {
    let row = queued('0001', 'doc-a');
    for (let i = 0; i < 40; i++) {
      const now = T0 + i * 2 * HOUR;
      row = transition(transition(row, { type: 'send' }, now).row!, { type: 'networkError', error: 'Failed to fetch' }, now, 0.5).row!;
    }
    expect(row).toMatchObject({ status: 'pending', attempts: 40 });
    expect(nextToSend([{ ...row, nextAttemptAt: T0 + 100 * HOUR }, queued('0002', 'doc-b')], T0 + 81 * HOUR).row).toBeNull();
  });
});
