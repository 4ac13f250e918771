/**
 * The outbox state machine (ARCHITECTURE.md, Outbox). Pure: the worker stores the rows and carries
 * out the effects (roll back, re-apply the optimistic change); everything it decides is here.
 *
 *   pending --send--> sending --success--> (removed; later rows of the document rebase onto the
 *                                           revision the server answered; the next pull brings the truth)
 *                             --rejected--> failed     (rolled back; the user's input kept in args; when
 *                                                       it created the document, later rows of it fail too)
 *                             --conflict--> conflict   (rolled back; both versions kept, the fields named)
 *                             --transient, no answer at all (network, 5xx, timeout: the connection's
 *                                          fault, not the row's)-->
 *                                           pending    (attempts+1, exponential backoff with jitter; never
 *                                                       rolled back, order kept, never set aside)
 *                             --transient, the row's own (the server answered the request, this row's
 *                                          field failed transiently: deadlock, serialization failure, lost
 *                                          connection)-->
 *                                           pending    (transientTries+1, backoff; only later rows of the
 *                                                       same document wait behind it) or, at the
 *                                                       MAX_TRANSIENT_TRIES-th try or TRANSIENT_LIMIT_MS
 *                                                       after its first such failure, failed (send_failed;
 *                                                       rolled back; later rows of the document keep waiting)
 *                             --serverError (the resolver threw anything else: a bug, a broken row)-->
 *                                           pending    (errorAttempts+1, backoff; only later rows of the
 *                                                       same document wait behind it) or, at the
 *                                                       MAX_ERROR_ATTEMPTS-th, failed (write_failed; rolled
 *                                                       back; later rows of the document keep waiting)
 *                             --not attempted (an earlier row of the batch failed transiently)-->
 *                                           pending    (no attempt counted)
 *                             --blocked (session, maintenance)--> pending (no attempt counted)
 *   failed | conflict --retry--> pending under a NEW client mutation id (the server stored the first
 *                                answer for the old one), optimistic change re-applied; a row set aside
 *                                after transient failures keeps its id and place (the server stored no
 *                                answer for it: a replay is safe), so it still goes before the later rows
 *                                of its document
 *   pending | failed | conflict --discard--> (removed; a pending change is rolled back); a row being
 *                                sent cannot be discarded (OutboxRowSending): what went out is on its way
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
  /** Answers of the server that were errors (the resolver threw, not transient): capped at MAX_ERROR_ATTEMPTS. */
  errorAttempts?: number;
  /** The row's own transient failures (its field failed, the request was answered): capped at MAX_TRANSIENT_TRIES. */
  transientTries?: number;
  /** When the first of those failures came (the worker's clock); TRANSIENT_LIMIT_MS after it the row is set aside. */
  transientSince?: number | null;
  /** The descriptor's version (WriteDef.version) the args were made for; absent: 1. Migrated before sending. */
  version?: number;
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
  /**
   * A transient failure. `answered`: the server answered the request and only this row's field failed
   * (counted against the row); without it no answer came at all (the connection: never counted against it).
   */
  | { type: 'networkError'; error: string; answered?: boolean }
  /** The resolver threw and the server did not call it transient: `code` is its extensions.code. */
  | { type: 'serverError'; code: string }
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

/** The reason of a row the server failed on MAX_ERROR_ATTEMPTS times (its code in errorParams). */
export const WRITE_FAILED = 'write_failed';
/** How often a row is sent while the server answers it with an error, before it is marked failed. */
export const MAX_ERROR_ATTEMPTS = 3;

/** The reason of a row set aside after transient failures (the last failure's text in errorParams.code). */
export const SEND_FAILED = 'send_failed';
/** The reason of a row of the portal's former queue that can no longer be sent (kept to copy or discard, never retried). */
export const LEGACY_UNSENDABLE = 'legacy_unsendable';
/** How often a row's own transient failure is tried again before it is set aside. */
export const MAX_TRANSIENT_TRIES = 20;
/** How long after its first own transient failure a row is set aside, whatever its tries. */
export const TRANSIENT_LIMIT_MS = 24 * 60 * 60_000;

/** Thrown when a row that is being sent is to be discarded: what went out is on its way. */
export class OutboxRowSending extends Error {
  override readonly name = 'OutboxRowSending';
  constructor() {
    super(OUTBOX_ROW_SENDING);
  }
}
/** OutboxRowSending's message (it crosses the worker boundary as text): an i18n key. */
export const OUTBOX_ROW_SENDING = 'sync.errors.discardWhileSending';

/**
 * A row that holds back the later rows of its document only (the server failed on it, or it failed
 * transiently on its own: not a rule, so the later rows of the document would fail the same way or
 * overtake it), while other documents go on.
 */
export function holdsDocument(row: OutboxRow): boolean {
  if (row.status === 'failed') return row.error === WRITE_FAILED || row.error === SEND_FAILED;
  return row.status === 'pending' && ((row.errorAttempts ?? 0) > 0 || (row.transientTries ?? 0) > 0);
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
      if (!event.answered) return stay({ status: 'pending', attempts, error: event.error, nextAttemptAt: now + backoffDelay(attempts, random) });
      const transientTries = (row.transientTries ?? 0) + 1;
      const transientSince = row.transientSince ?? now;
      if (transientTries >= MAX_TRANSIENT_TRIES || now - transientSince >= TRANSIENT_LIMIT_MS) {
        return stay(
          { status: 'failed', error: SEND_FAILED, errorParams: { code: event.error, attempts: transientTries }, transientTries, transientSince },
          hasOptimistic ? ['rollback'] : [],
        );
      }
      return stay({ status: 'pending', attempts, transientTries, transientSince, error: event.error, nextAttemptAt: now + backoffDelay(transientTries, random) });
    }
    case 'serverError': {
      if (row.status !== 'sending') return invalid();
      const errorAttempts = (row.errorAttempts ?? 0) + 1;
      if (errorAttempts >= MAX_ERROR_ATTEMPTS) {
        return stay(
          { status: 'failed', error: WRITE_FAILED, errorParams: { code: event.code, attempts: errorAttempts }, errorAttempts },
          hasOptimistic ? ['rollback'] : [],
        );
      }
      const attempts = row.attempts + 1;
      return stay({ status: 'pending', attempts, errorAttempts, error: event.code, nextAttemptAt: now + backoffDelay(errorAttempts, random) });
    }
    case 'blocked':
      return row.status === 'sending' ? stay({ status: 'pending', error: event.code }) : invalid();
    case 'retry': {
      if (row.status !== 'failed' && row.status !== 'conflict') return invalid();
      const cleared = { status: 'pending' as const, error: null, errorParams: null, serverDocument: null, conflictFields: null, attempts: 0, errorAttempts: 0, transientTries: 0, transientSince: null, nextAttemptAt: 0 };
      if (row.status === 'failed' && row.error === SEND_FAILED) return stay(cleared, hasOptimistic ? ['reapply'] : []);
      return stay(cleared, hasOptimistic ? ['renew', 'reapply'] : ['renew']);
    }
    case 'discard':
      if (row.status === 'sending') throw new OutboxRowSending();
      return { row: null, effects: hasOptimistic && row.status === 'pending' ? ['rollback'] : [] };
    case 'recover':
      return row.status === 'sending' ? stay({ status: 'pending' }) : { row, effects: [] };
  }
}

/**
 * The row to push next (nextToSend) and the rows of the next batch (batchPicker). Order is kept per
 * document: the oldest row that is pending or sending decides. A row in backoff after a request that
 * got no answer (the network) holds every row behind it; a row the server failed on (errorAttempts,
 * or failed with write_failed) or that failed transiently on its own (transientTries, or failed with
 * send_failed) holds only the later rows of its own document: other documents go on.
 * Rejected and conflicting rows never block. A row being sent stops everything (a push is in flight).
 */
export function nextToSend(rows: readonly OutboxRow[], now: number): { row: OutboxRow | null; waitUntil: number | null } {
  const ordered = [...rows].sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
  const picker = batchPicker(now, 1);
  for (const row of ordered) if (!picker.visit(row)) break;
  const { rows: picked, waitUntil } = picker.result();
  return { row: picked[0] ?? null, waitUntil };
}

/** The key rows of one document share; a row without a document is its own. */
export function documentKey(row: Pick<OutboxRow, 'collection' | 'target' | 'clientMutationId'>): string {
  return row.collection && row.target ? `${row.collection}/${row.target}` : `row/${row.clientMutationId}`;
}

/**
 * Picks the next batch from rows visited in clientMutationId order (every row of the outbox, or the
 * pending ones with the failed ones merged in). `visit` answers false once nothing more can be
 * added; `sizeOf` (the row's serialised size) keeps a batch under `maxBytes`.
 */
export function batchPicker(now: number, size: number, options: { sizeOf?: (row: OutboxRow) => number; maxBytes?: number } = {}) {
  const held = new Set<string>();
  const picked: OutboxRow[] = [];
  let waitUntil: number | null = null;
  let bytes = 0;
  let done = false;
  const wait = (at: number) => {
    waitUntil = waitUntil === null ? at : Math.min(waitUntil, at);
  };
  return {
    get done() {
      return done;
    },
    visit(row: OutboxRow): boolean {
      if (done) return false;
      const key = documentKey(row);
      if (row.status === 'conflict') return true;
      if (row.status === 'failed') {
        if (holdsDocument(row)) held.add(key);
        return true;
      }
      if (row.status === 'sending') {
        picked.length = 0;
        waitUntil = null;
        done = true;
        return false;
      }
      if (held.has(key)) return true;
      if (row.nextAttemptAt > now) {
        wait(row.nextAttemptAt);
        if (holdsDocument(row)) {
          held.add(key);
          return true;
        }
        done = true;
        return false;
      }
      const rowBytes = options.sizeOf?.(row) ?? 0;
      if (options.maxBytes !== undefined && picked.length > 0 && bytes + rowBytes > options.maxBytes) {
        done = true;
        return false;
      }
      picked.push(row);
      bytes += rowBytes;
      if (picked.length >= size) done = true;
      return !done;
    },
    result(): { rows: OutboxRow[]; waitUntil: number | null } {
      return { rows: [...picked], waitUntil: picked.length > 0 ? null : waitUntil };
    },
  };
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
