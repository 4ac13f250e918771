/**
 * The outbox state machine (ARCHITECTURE.md, Outbox). Pure: the worker stores the rows and carries
 * out the effects (roll back, re-apply the optimistic change); everything it decides is here.
 *
 *   pending --send--> sending --success--> (removed; later rows of the document rebase onto the
 *                                           revision the server answered; the next pull brings the truth)
 *                             --rejected--> failed     (rolled back; the user's input kept in args; when
 *                                                       it created the document, later rows of it fail too)
 *                             --conflict--> conflict   (rolled back; both versions kept, the fields named)
 *                             --transient (network, 5xx, timeout, resolver exception, deadlock)-->
 *                                           pending    (attempts+1, exponential backoff with jitter; never
 *                                                       rolled back, order kept)
 *                             --not attempted (an earlier row of the batch failed transiently)-->
 *                                           pending    (no attempt counted)
 *                             --blocked (session, maintenance)--> pending (no attempt counted)
 *   failed | conflict --retry--> pending under a NEW client mutation id (the server stored the first
 *                                answer for the old one), optimistic change re-applied
 *   any --discard--> (removed; a pending change is rolled back)
 *   conflict --resolve--> (removed; a new row with the chosen values, based on the server's revision)
 *   sending --recover (worker restarted)--> pending (the answer is unknown; a replay is safe)
 */
import type { CollectionName } from './collections';
import type { DocumentMode } from '../writes/define';
import type { PushAnswer, ReplicaDocument } from './types';

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'conflict';

export interface OutboxRow {
  /** UUID v7: primary key and push order. Sent with the mutation; the server stores it. */
  clientMutationId: string;
  /** The declared write (src/domain/writes/registry.ts): `messages.send`, `probes.save`, ... */
  op: string;
  /** The write's input as the caller gave it (checked against its schema): kept when rejected. */
  args: Record<string, unknown>;
  /** The replicated document changed optimistically, if any. */
  collection: CollectionName | null;
  target: string | null;
  /** What the write does to that document (create, edit, upsert, delete). */
  mode: DocumentMode | null;
  /** The server revision the change is based on; rebased when an earlier row of the document is accepted. */
  baseRevision: number | null;
  /** The edited fields' values when the change was made: the server merges per field against these. */
  baseValues: Record<string, unknown> | null;
  /** With status conflict: the fields changed on both sides. */
  conflictFields: string[] | null;
  /** Fields set on the target (with `_deleted: true` for a deletion); null when nothing was applied. */
  patch: Record<string, unknown> | null;
  /** The target before the patch: null when it did not exist; undefined when not captured yet. */
  previous: ReplicaDocument | null | undefined;
  status: OutboxStatus;
  /** The reason of a rejection (a reason code), or the last network error. */
  error: string | null;
  /** The rejection's parameters for its text (the field, a maximum, ...). */
  errorParams?: Record<string, unknown> | null;
  /** With status conflict: the server's version. */
  serverDocument: ReplicaDocument | null;
  createdAt: number;
  attempts: number;
  /** Not before this time (ms) after a network failure. */
  nextAttemptAt: number;
  /** It went out at least once (the server may hold it even when no answer came back): never fold into it. */
  sentOnce?: boolean;
  /**
   * The revision of the latest server version a pull brought while this row was active (a
   * tombstone's too; `previous` is that version, or null for a tombstone). When the server accepts
   * the row at this revision or below (a replay after a lost answer, a pull after the commit), the
   * replica already holds what came after it: the document becomes that version, not the row's values.
   */
  pulledRevision?: number | null;
  /**
   * Who the row was made under (rowIdentityKey: company, the real user, the whole impersonation
   * chain). Only a worker of that identity pushes it, and the server refuses it from any other.
   * Missing on rows queued before identities: they belong to their replica's worker.
   */
  identity?: string;
}

export type OutboxEvent =
  | { type: 'send' }
  | { type: 'answer'; answer: PushAnswer }
  | { type: 'networkError'; error: string }
  /** The server did not run this row because an earlier row of the same request failed transiently. */
  | { type: 'notAttempted' }
  | { type: 'blocked'; code: string }
  | { type: 'retry' }
  | { type: 'discard' }
  | { type: 'recover' };

/**
 * rollback: the document again as the server has it plus the other pending rows; reapply: the
 * optimistic change again; renew: the row goes out under a new client mutation id; rebase: later
 * rows of the document take the revision the server answered; failDependents: the document was
 * never created, so later rows of it cannot succeed.
 */
export type OutboxEffect = 'rollback' | 'reapply' | 'renew' | 'rebase' | 'failDependents';

/** The reason given to later rows of a document whose creation was rejected. */
export const CREATE_REJECTED = 'create_rejected';
/** The reason the server gives a row it did not run (an earlier row of the request failed). */
export const NOT_ATTEMPTED = 'not_attempted';

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
      return row.status === 'pending' ? stay({ status: 'sending', sentOnce: true }) : invalid();
    case 'answer': {
      if (row.status !== 'sending') return invalid();
      const { answer } = event;
      if (answer.success) return { row: null, effects: row.target && typeof answer.revision === 'number' ? ['rebase'] : [] };
      if (answer.reason === NOT_ATTEMPTED) return stay({ status: 'pending' });
      const rollback: OutboxEffect[] = hasOptimistic ? ['rollback'] : [];
      if (answer.reason === 'conflict') {
        return stay(
          {
            status: 'conflict',
            error: 'conflict',
            serverDocument: answer.conflict?.serverDocument ?? null,
            conflictFields: answer.conflict?.fields ?? null,
          },
          rollback,
        );
      }
      const creates = row.mode === 'create' || (row.mode === 'upsert' && row.previous === null);
      return stay(
        { status: 'failed', error: answer.reason ?? 'rejected', errorParams: answer.params ?? null },
        creates ? [...rollback, 'failDependents'] : rollback,
      );
    }
    case 'notAttempted':
      return row.status === 'sending' ? stay({ status: 'pending' }) : invalid();
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
        { status: 'pending', error: null, serverDocument: null, conflictFields: null, attempts: 0, nextAttemptAt: 0 },
        hasOptimistic ? ['renew', 'reapply'] : ['renew'],
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

/**
 * The new row that resolves a conflict: for each field the user chose (field → value), the input
 * carries that value (edit writes name their input fields after the document fields they set), the
 * base becomes the server's version, so only the user's choices are compared again.
 */
export function resolutionArgs(
  row: OutboxRow,
  chosen: Record<string, unknown>,
): { args: Record<string, unknown>; baseRevision: number | null; baseValues: Record<string, unknown> | null } {
  if (row.status !== 'conflict') throw new Error('Only a conflicting row can be resolved');
  const server = (row.serverDocument ?? {}) as Record<string, unknown>;
  const serverRevision = row.serverDocument?.revision;
  const args = { ...row.args };
  // Fields this change left as they were take the server's value (a concurrent change elsewhere stays)...
  for (const [field, base] of Object.entries(row.baseValues ?? {})) {
    const unchanged = JSON.stringify(row.patch?.[field] ?? null) === JSON.stringify(base ?? null);
    if (unchanged && Object.hasOwn(args, field) && Object.hasOwn(server, field)) args[field] = server[field];
  }
  // ...and the fields the user chose take the chosen value.
  for (const [field, value] of Object.entries(chosen)) if (Object.hasOwn(args, field)) args[field] = value;
  const baseValues = row.baseValues ? Object.fromEntries(Object.keys(row.baseValues).map((f) => [f, server[f] ?? null])) : null;
  return { args, baseRevision: typeof serverRevision === 'number' ? serverRevision : null, baseValues };
}

/**
 * The conflict screen's fields: those the server named as changed on both sides (older answers name
 * none: then every patched field where the two versions differ).
 */
export function conflictFields(row: OutboxRow): { field: string; mine: unknown; server: unknown }[] {
  const server = (row.serverDocument ?? {}) as Record<string, unknown>;
  const patch = row.patch ?? {};
  const named = row.conflictFields;
  const fields = named ?? Object.keys(patch).filter((f) => !f.startsWith('_') && JSON.stringify(patch[f]) !== JSON.stringify(server[f]));
  return fields.map((field) => ({ field, mine: patch[field], server: server[field] }));
}

export function newOutboxRow(
  input: Pick<OutboxRow, 'clientMutationId' | 'op' | 'args'> &
    Partial<Pick<OutboxRow, 'collection' | 'target' | 'patch' | 'mode' | 'baseRevision' | 'baseValues' | 'identity'>>,
  now: number,
): OutboxRow {
  return {
    collection: null,
    target: null,
    patch: null,
    mode: null,
    baseRevision: null,
    baseValues: null,
    ...input,
    conflictFields: null,
    previous: undefined,
    status: 'pending',
    error: null,
    serverDocument: null,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
  };
}
