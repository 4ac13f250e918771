import { nextToSend, type OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PushAnswer } from '../../src/domain/sync/types';
import type { GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { applyEvent } from './outbox';
import { pushDocument } from './operations';

export type PushOutcome =
  | { kind: 'idle' }
  /** Nothing may go before this time (a row waits for its backoff). */
  | { kind: 'wait'; until: number }
  | { kind: 'blocked'; code: string }
  | { kind: 'offline'; error: string };

/** Rows per request: mutation fields run in order on the server, each with its own transaction and answer. */
export const PUSH_BATCH = 20;

/** The oldest rows that may go now, in order: stops at a row in backoff (order kept). */
async function nextBatch(replica: Replica, now: number, size: number): Promise<{ rows: OutboxRow[]; waitUntil: number | null }> {
  const candidates = await replica.outbox
    .orderBy('clientMutationId')
    .filter((r) => r.status !== 'failed' && r.status !== 'conflict')
    .limit(size)
    .toArray();
  const first = nextToSend(candidates.slice(0, 1), now);
  if (!first.row) return { rows: [], waitUntil: first.waitUntil };
  const rows: OutboxRow[] = [];
  for (const row of candidates) {
    if (row.status !== 'pending' || row.nextAttemptAt > now) break;
    rows.push(row);
  }
  return { rows, waitUntil: null };
}

/**
 * Pushes outbox rows in order, up to PUSH_BATCH per request, until nothing may go now. Rejections
 * and conflicts do not stop the rows behind; a network failure or 5xx stops with the rows back in
 * pending and their backoff scheduled; a blocking catalogue code stops and reports. When the server
 * refuses a whole batch (one row's arguments do not fit the schema), the rows go one by one, so
 * only that row fails.
 */
export async function pushOutbox(
  replica: Replica,
  transport: GraphTransport,
  options: { now?: () => number; random?: () => number; onChange?: () => void; onSent?: (row: OutboxRow) => void; batch?: number } = {},
): Promise<PushOutcome> {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let size = options.batch ?? PUSH_BATCH;
  for (;;) {
    const { rows, waitUntil } = await nextBatch(replica, now(), size);
    if (rows.length === 0) return waitUntil ? { kind: 'wait', until: waitUntil } : { kind: 'idle' };
    for (const row of rows) await applyEvent(replica, row.clientMutationId, { type: 'send' }, now());
    let document: ReturnType<typeof pushDocument> | null = null;
    try {
      document = pushDocument(rows);
    } catch (err) {
      if (rows.length > 1) {
        for (const row of rows) await applyEvent(replica, row.clientMutationId, { type: 'recover' }, now());
        size = 1;
        continue;
      }
      const reason = err instanceof Error ? err.message : String(err);
      await applyEvent(replica, rows[0]!.clientMutationId, { type: 'answer', answer: { success: false, reason } }, now());
      options.onChange?.();
      continue;
    }
    const outcome = await transport<Record<string, PushAnswer | null>>(document.query, document.variables);
    switch (outcome.kind) {
      case 'data': {
        for (const [i, row] of rows.entries()) {
          const fieldError = outcome.errors?.find((e) => e.path[0] === `r${i}`);
          const answer: PushAnswer =
            outcome.data[`r${i}`] ?? { success: false, reason: fieldError?.message ?? 'no_answer' };
          options.onSent?.(row);
          await applyEvent(replica, row.clientMutationId, { type: 'answer', answer }, now(), random());
        }
        break;
      }
      case 'error':
        if (rows.length > 1) {
          // The document as a whole was refused: find the row by sending them one at a time.
          for (const row of rows) await applyEvent(replica, row.clientMutationId, { type: 'recover' }, now());
          size = 1;
          continue;
        }
        options.onSent?.(rows[0]!);
        await applyEvent(replica, rows[0]!.clientMutationId, { type: 'answer', answer: { success: false, reason: outcome.message } }, now());
        break;
      case 'network':
        for (const row of rows) await applyEvent(replica, row.clientMutationId, { type: 'networkError', error: outcome.error }, now(), random());
        options.onChange?.();
        return { kind: 'offline', error: outcome.error };
      case 'blocked':
        for (const row of rows) await applyEvent(replica, row.clientMutationId, { type: 'blocked', code: outcome.code }, now());
        options.onChange?.();
        return { kind: 'blocked', code: outcome.code };
    }
    options.onChange?.();
  }
}
