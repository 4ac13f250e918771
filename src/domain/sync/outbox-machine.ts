/**
 * The outbox state machine (ARCHITECTURE.md, Outbox). Pure: the worker stores the rows and carries
 * out the effects (roll back, re-apply the optimistic change); everything it decides is here.
 *
 *   pending --send--> sending --success--> (removed; the next pull brings the server's truth)
 *                             --rejected--> failed     (rolled back; the user's input kept in args)
 *                             --conflict--> conflict   (rolled back; both versions kept)
 *                             --network/5xx--> pending (attempts+1, exponential backoff with jitter)
 *                             --blocked (session, maintenance)--> pending (no attempt counted)
 *   failed | conflict --retry--> pending (optimistic change re-applied)
 *   any --discard--> (removed; a pending change is rolled back)
 *   conflict --resolve--> (removed; a new row with the chosen values, based on the server's revision)
 *   sending --recover (worker restarted)--> pending (the answer is unknown; a replay is safe)
 */
import type { CollectionName } from './collections';
import type { PushAnswer, ReplicaDocument } from './types';

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'conflict';

export interface OutboxRow {
  /** UUID v7: primary key and push order. Sent with the mutation; the server stores it. */
  clientMutationId: string;
  /** The mutation name on the graph endpoint (saveSyncProbe, sendMessage, ...). */
  op: string;
  /** The mutation's arguments, without clientMutationId: the user's input, kept when rejected. */
  args: Record<string, unknown>;
  /** The replicated document changed optimistically, if any. */
  collection: CollectionName | null;
  target: string | null;
  /** Fields set on the target (with `_deleted: true` for a deletion); null when nothing was applied. */
  patch: Record<string, unknown> | null;
  /** The target before the patch: null when it did not exist; undefined when not captured yet. */
  previous: ReplicaDocument | null | undefined;
  status: OutboxStatus;
  /** The reason of a rejection, or the last network error. */
  error: string | null;
  /** With status conflict: the server's version. */
  serverDocument: ReplicaDocument | null;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms) after a network failure. */
  nextAttemptAt: number;
}

export type OutboxEvent =
  | { type: 'send' }
  | { type: 'answer'; answer: PushAnswer }
  | { type: 'networkError'; error: string }
  | { type: 'blocked'; code: string }
  | { type: 'retry' }
  | { type: 'discard' }
  | { type: 'recover' };

export type OutboxEffect = 'rollback' | 'reapply';

export interface Transition {
  /** The row afterwards; null when it leaves the outbox. */
  row: OutboxRow | null;
  effects: OutboxEffect[];
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Exponential backoff with jitter: between half and all of min(max, base * 2^attempts). */
export function backoffDelay(attempts: number, random: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + 0.5 * Math.min(1, Math.max(0, random))));
}

export class OutboxTransitionError extends Error {
  constructor(status: OutboxStatus, event: OutboxEvent['type']) {
    super(`Outbox row in state ${status} cannot take ${event}`);
  }
}

export function transition(row: OutboxRow, event: OutboxEvent, now: number, random = Math.random()): Transition {
  const stay = (patch: Partial<OutboxRow>, effects: OutboxEffect[] = []): Transition => ({
    row: { ...row, ...patch },
    effects,
  });
  const invalid = (): never => {
    throw new OutboxTransitionError(row.status, event.type);
  };
  const hasOptimistic = row.patch !== null;
  switch (event.type) {
    case 'send':
      return row.status === 'pending' ? stay({ status: 'sending' }) : invalid();
    case 'answer': {
      if (row.status !== 'sending') return invalid();
      const { answer } = event;
      if (answer.success) return { row: null, effects: [] };
      const rollback: OutboxEffect[] = hasOptimistic ? ['rollback'] : [];
      if (answer.reason === 'conflict') {
        return stay(
          { status: 'conflict', error: 'conflict', serverDocument: answer.conflict?.serverDocument ?? null },
          rollback,
        );
      }
      return stay({ status: 'failed', error: answer.reason ?? 'rejected' }, rollback);
    }
    case 'networkError': {
      if (row.status !== 'sending') return invalid();
      const attempts = row.attempts + 1;
      return stay({ status: 'pending', attempts, error: event.error, nextAttemptAt: now + backoffDelay(attempts, random) });
    }
    case 'blocked':
      return row.status === 'sending' ? stay({ status: 'pending', error: event.code }) : invalid();
    case 'retry':
      if (row.status !== 'failed' && row.status !== 'conflict') return invalid();
      return stay(
        { status: 'pending', error: null, serverDocument: null, attempts: 0, nextAttemptAt: 0 },
        hasOptimistic ? ['reapply'] : [],
      );
    case 'discard':
      return { row: null, effects: hasOptimistic && (row.status === 'pending' || row.status === 'sending') ? ['rollback'] : [] };
    case 'recover':
      return row.status === 'sending' ? stay({ status: 'pending' }) : { row, effects: [] };
  }
}

/**
 * The row to push next. Order is kept: the oldest row that is pending or sending decides; while it
 * waits for its backoff nothing behind it goes. Failed and conflicting rows never block the rows
 * behind them. Returns null when nothing may go now; `waitUntil` tells when to look again.
 */
export function nextToSend(rows: readonly OutboxRow[], now: number): { row: OutboxRow | null; waitUntil: number | null } {
  const ordered = [...rows].sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
  for (const row of ordered) {
    if (row.status === 'failed' || row.status === 'conflict') continue;
    if (row.status === 'sending') return { row: null, waitUntil: null };
    if (row.nextAttemptAt > now) return { row: null, waitUntil: row.nextAttemptAt };
    return { row, waitUntil: null };
  }
  return { row: null, waitUntil: null };
}

/** The new row that resolves a conflict: the values the user chose, based on the server's revision. */
export function resolutionArgs(
  row: OutboxRow,
  chosen: Record<string, unknown>,
): { args: Record<string, unknown>; patch: Record<string, unknown> } {
  if (row.status !== 'conflict') throw new Error('Only a conflicting row can be resolved');
  const serverRevision = row.serverDocument?.revision;
  return {
    args: { ...row.args, ...chosen, baseRevision: typeof serverRevision === 'number' ? serverRevision : null },
    patch: { ...(row.patch ?? {}), ...chosen },
  };
}

/** Field-by-field comparison for the conflict screen: the fields where the user's change and the server differ. */
export function conflictFields(row: OutboxRow): { field: string; mine: unknown; server: unknown }[] {
  const server = row.serverDocument ?? {};
  return Object.entries(row.patch ?? {})
    .filter(([field]) => !field.startsWith('_'))
    .filter(([field, mine]) => JSON.stringify(mine) !== JSON.stringify((server as Record<string, unknown>)[field]))
    .map(([field, mine]) => ({ field, mine, server: (server as Record<string, unknown>)[field] }));
}

export function newOutboxRow(
  input: Pick<OutboxRow, 'clientMutationId' | 'op' | 'args'> &
    Partial<Pick<OutboxRow, 'collection' | 'target' | 'patch'>>,
  now: number,
): OutboxRow {
  return {
    collection: null,
    target: null,
    patch: null,
    ...input,
    previous: undefined,
    status: 'pending',
    error: null,
    serverDocument: null,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
  };
}
