import { nextToSend, type OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PushAnswer } from '../../src/domain/sync/types';
import type { GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { applyEvent } from './outbox';
import { OPERATIONS, isOperationName } from './operations';

export type PushOutcome =
  | { kind: 'idle' }
  /** Nothing may go before this time (a row waits for its backoff). */
  | { kind: 'wait'; until: number }
  | { kind: 'blocked'; code: string }
  | { kind: 'offline'; error: string };

/**
 * Pushes outbox rows in order, one at a time, until nothing may go now. Rejections and conflicts
 * do not stop the rows behind; a network failure or 5xx stops with the row back in pending and
 * its backoff scheduled; a blocking catalogue code stops and reports.
 */
export async function pushOutbox(
  replica: Replica,
  transport: GraphTransport,
  options: { now?: () => number; random?: () => number; onChange?: () => void; onSent?: (row: OutboxRow) => void } = {},
): Promise<PushOutcome> {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  for (;;) {
    // Only the oldest row that is not failed or conflicting decides (order kept): read just that one.
    const candidate = await replica.outbox
      .orderBy('clientMutationId')
      .filter((r) => r.status !== 'failed' && r.status !== 'conflict')
      .first();
    const { row, waitUntil } = nextToSend(candidate ? [candidate] : [], now());
    if (!row) return waitUntil ? { kind: 'wait', until: waitUntil } : { kind: 'idle' };
    await applyEvent(replica, row.clientMutationId, { type: 'send' }, now());
    const document = isOperationName(row.op) ? OPERATIONS[row.op] : null;
    const outcome = document
      ? await transport<{ result: PushAnswer }>(document, { ...row.args, clientMutationId: row.clientMutationId })
      : ({ kind: 'error', message: `unknown_operation:${row.op}` } as const);
    if (outcome.kind === 'data' || outcome.kind === 'error') options.onSent?.(row);
    switch (outcome.kind) {
      case 'data':
        await applyEvent(replica, row.clientMutationId, { type: 'answer', answer: outcome.data.result }, now(), random());
        break;
      case 'error':
        // The server refused the request itself (invalid arguments, ...): a rejection the user sees.
        await applyEvent(replica, row.clientMutationId, { type: 'answer', answer: { success: false, reason: outcome.message } }, now());
        break;
      case 'network':
        await applyEvent(replica, row.clientMutationId, { type: 'networkError', error: outcome.error }, now(), random());
        options.onChange?.();
        return { kind: 'offline', error: outcome.error };
      case 'blocked':
        await applyEvent(replica, row.clientMutationId, { type: 'blocked', code: outcome.code }, now());
        options.onChange?.();
        return { kind: 'blocked', code: outcome.code };
    }
    options.onChange?.();
  }
}
