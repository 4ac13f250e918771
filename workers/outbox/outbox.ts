/**
 * The outbox in the replica: queueing a declared write (checked against its schema first, so invalid
 * input never enters the outbox), moving rows through the state machine of
 * src/domain/sync/outbox-machine.ts, and carrying out its effects on the replica, each in one
 * transaction with the rows it changes.
 */
import * as v from 'valibot';
import { Dexie } from 'dexie';
import type { CollectionName } from '../../src/domain/sync/collections';
import {
  CREATE_REJECTED,
  newOutboxRow,
  resolutionArgs,
  transition,
  type OutboxEvent,
  type OutboxRow,
} from '../../src/domain/sync/outbox-machine';
import { sameValue } from '../../src/domain/sync/same-value';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { writeVersion, WRITE_TOO_LARGE, type Write } from '../../src/domain/writes/define';
import { pushDocument, REQUEST_BODY_LIMIT_BYTES, type PushItem } from '../../src/domain/writes/push-document';
import { findWrite, type WriteName } from '../../src/domain/writes/registry';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import { tooLargeParams } from '../../src/domain/sync/write-checks';
import type { Replica } from '../replica/db';
import { isActive, materialize, rematerialize, rowsFor, serverBase } from '../replica/documents';
import { countsFrom, OUTBOX_COUNTS_KEY, type OutboxCounts } from '../replica/outbox-counts';

/** Thrown before queueing when the input does not fit the write's schema; `issues` are i18n keys by field path. */
export class InvalidWriteInput extends Error {
  override readonly name = 'InvalidWriteInput';
  constructor(readonly issues: { path: string; message: string }[]) {
    super(JSON.stringify(issues));
  }
}

function tables(replica: Replica, collection: CollectionName | null) {
  return collection ? [replica.outbox, replica.docs(collection)] : [replica.outbox];
}

function requireWrite(name: string): Write {
  const write = findWrite(name);
  if (!write) throw new Error(`Unknown write ${name}`);
  return write;
}

/** The input checked against the write's schema: its parsed value, or InvalidWriteInput. */
export function parseWriteInput(write: Write, input: unknown): unknown {
  const result = v.safeParse(write.input, input);
  if (result.success) return result.output;
  throw new InvalidWriteInput(
    result.issues.map((issue) => ({
      path: (issue.path ?? []).map((p) => String(p.key)).join('.'),
      message: issue.message,
    })),
  );
}

/** One row as it goes over the wire (what the server receives under its client mutation id). */
export function pushItemOf(row: OutboxRow): PushItem {
  return {
    mutation: findWrite(row.op)?.mutation ?? row.op,
    input: row.args,
    clientMutationId: row.clientMutationId,
    baseRevision: row.baseRevision,
    baseValues: row.baseValues,
    // The server takes the current and the previous version of a write (issue 37), answering upgrade_required beyond.
    writeVersion: row.version ?? 1,
  };
}

/** A row's serialised size in the request body (UTF-8 bytes of its variables), for the body limit. */
export function pushItemBytes(row: OutboxRow): number {
  return new TextEncoder().encode(JSON.stringify(pushDocument([pushItemOf(row)]).variables)).length;
}

/** The most one row may take in a request: the query text and headers come on top of the variables. */
export const MAX_ROW_BYTES = REQUEST_BODY_LIMIT_BYTES - 16 * 1024;

/** Thrown before queueing when one write would not fit in a request to the server (its body limit). */
export function tooLargeFor(row: OutboxRow): InvalidWriteInput | null {
  const bytes = pushItemBytes(row);
  if (bytes <= MAX_ROW_BYTES) return null;
  // Named by the field to shorten (the largest, counted with its base value: issue 37).
  return new InvalidWriteInput([{ path: tooLargeParams(row.args, row.baseValues, bytes).field, message: WRITE_TOO_LARGE }]);
}

export interface QueuedWrite {
  /** A declared write: `messages.send`, `probes.save`, ... (WriteName). */
  name: string;
  input: unknown;
  extra?: object;
}

/** The outbox row of one write, before it is stored (no replica access); `identity`: who it is made under. */
export function rowOf(w: QueuedWrite, now: number, clientMutationId: string, identity: string | null): OutboxRow {
  const write = requireWrite(w.name);
  const parsed = parseWriteInput(write, w.input);
  const doc = write.document;
  const patch = doc
    ? doc.mode === 'delete'
      ? { _deleted: true }
      : (write.patch?.(parsed, { now: new Date(now).toISOString(), ...(w.extra ?? {}) }) ?? null)
    : null;
  const row = newOutboxRow(
    {
      clientMutationId,
      op: w.name,
      args: (w.input ?? {}) as Record<string, unknown>,
      collection: doc?.collection ?? null,
      target: doc ? doc.target(parsed) : null,
      mode: doc?.mode ?? null,
      patch,
      ...(identity ? { identity } : {}),
    },
    now,
  );
  row.version = writeVersion(write);
  // Refused here, with a reason the screen shows, rather than answered 413 and lost as a rejection.
  const tooLarge = tooLargeFor(row);
  if (tooLarge) throw tooLarge;
  return row;
}

/** The edited fields' values in the document as the user saw it (the common base of a later merge). */
function baseValuesOf(write: Write | null, row: OutboxRow, seen: ReplicaDocument | null): Record<string, unknown> | null {
  if (!seen || !row.patch || (row.mode !== 'edit' && row.mode !== 'upsert')) return null;
  const skip = new Set(write?.displayOnly ?? []);
  const fields = Object.keys(row.patch).filter((f) => !f.startsWith('_') && !skip.has(f) && f !== 'uuid');
  return Object.fromEntries(fields.map((f) => [f, seen[f] ?? null]));
}

/** Whether `later`'s base values are the document as it is once `accepted` is applied on its base. */
function seesRevisionOf(later: OutboxRow, accepted: OutboxRow): boolean {
  if (!later.baseValues) return true;
  const patch = accepted.patch ?? {};
  const previous = (accepted.previous ?? {}) as Record<string, unknown>;
  return Object.entries(later.baseValues).every(([field, seen]) => sameValue(seen, Object.hasOwn(patch, field) ? patch[field] : previous[field]));
}

/**
 * An edit of a document whose previous change is still waiting (pending, not being sent) by the same
 * write folds into that change: one row carries the document's latest values, based on what the
 * server had before the first of them. Twenty offline saves of a measurement step are one write.
 */
function coalesce(last: OutboxRow | undefined, row: OutboxRow): OutboxRow | null {
  // Never into a row that went out before: the server may have applied it (the answer was lost), and
  // its replay under the same id would answer the first delivery, losing what was folded in.
  if (!last || last.status !== 'pending' || last.sentOnce || last.op !== row.op) return null;
  // Only rows of the same write version (issue 37): a save into a row queued by an older version
  // would keep that version, and its migration would then overwrite the new values with the old.
  if ((last.version ?? 1) !== (row.version ?? 1)) return null;
  if (row.mode !== 'edit' && row.mode !== 'upsert') return null;
  if (last.mode !== row.mode || !last.patch || !row.patch) return null;
  return {
    ...last,
    args: { ...last.args, ...row.args },
    patch: { ...last.patch, ...row.patch },
    // The first change's base for its fields (what the server had); the new row's for fields it adds.
    baseValues: last.baseValues || row.baseValues ? { ...(row.baseValues ?? {}), ...(last.baseValues ?? {}) } : null,
  };
}

/** Stores rows and applies them to the replica. Call inside a transaction over the outbox and the rows' collections. */
export async function addRows(replica: Replica, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) {
    if (row.collection && row.target) {
      const existing = await rowsFor(replica, row.collection, row.target);
      // Only Dexie promises are awaited inside the transaction (a bare async step lets it commit early).
      const first = existing.find((r) => isActive(r) && r.previous !== undefined);
      const base = first ? (first.previous ?? null) : await serverBase(replica, row.collection, row.target, existing);
      const seen = materialize(row.collection, row.target, base, existing);
      row.previous = base;
      row.baseRevision = typeof base?.revision === 'number' ? base.revision : null;
      row.baseValues = baseValuesOf(findWrite(row.op), row, seen);
      const active = existing.filter(isActive);
      const merged = coalesce(active[active.length - 1], row);
      // Measured as it will be sent, with its base values and folded (issue 37): refused here, the
      // transaction aborts and nothing changes (the queued row and the document stay as they were).
      const tooLarge = tooLargeFor(merged ?? row);
      if (tooLarge) throw tooLarge;
      if (merged) {
        await replica.outbox.put(merged);
        row.clientMutationId = merged.clientMutationId;
        await rematerialize(replica, row.collection, row.target, base, [...existing.filter((r) => r.clientMutationId !== merged.clientMutationId), merged]);
        continue;
      }
      await replica.outbox.add(row);
      await rematerialize(replica, row.collection, row.target, base, [...existing, row]);
    } else {
      await replica.outbox.add(row);
    }
  }
}

/**
 * Queues one declared write and applies it to the replica at once, marked pending, in one
 * transaction. Throws InvalidWriteInput (nothing queued) when the input does not fit the schema.
 */
export async function enqueue(replica: Replica, name: WriteName, input: unknown, extra?: object, now = Date.now()): Promise<string> {
  const [id] = await enqueueMany(replica, [{ name, input, ...(extra ? { extra } : {}) }], now);
  return id!;
}

/** Several writes in ONE transaction, in order (a bulk enqueue). All are checked before any is queued. */
export async function enqueueMany(replica: Replica, writes: readonly QueuedWrite[], now = Date.now()): Promise<string[]> {
  const rows = writes.map((w) => rowOf(w, now, uuidv7(now), replica.identity));
  const collections = [...new Set(rows.map((r) => r.collection).filter((c): c is CollectionName => c !== null))];
  await replica.dexie.transaction('rw', [replica.outbox, ...collections.map((c) => replica.docs(c))], () => addRows(replica, rows));
  return rows.map((r) => r.clientMutationId);
}

/**
 * Moves one row through the state machine and carries out its effects on the replica, in one
 * transaction: roll back (the document again as the server has it, plus the other pending rows),
 * re-apply, renew the id, rebase the later rows, fail the later rows of a document never created,
 * or drop the pending mark when the last change of a document was accepted.
 */
export async function applyEvent(
  replica: Replica,
  clientMutationId: string,
  event: OutboxEvent,
  now = Date.now(),
  random = Math.random(),
): Promise<OutboxRow | null> {
  const existing = await replica.outbox.get(clientMutationId);
  if (!existing) return null;
  return replica.dexie.transaction('rw', tables(replica, existing.collection), () =>
    applyEventInTransaction(replica, clientMutationId, event, now, random),
  );
}

/** Whether a pull brought the accepted revision of the row's document, or a later one, while the row was active. */
function pulledSince(row: OutboxRow, event: OutboxEvent): boolean {
  if (event.type !== 'answer' || !event.answer.success) return false;
  const revision = event.answer.revision;
  return typeof revision === 'number' && typeof row.pulledRevision === 'number' && row.pulledRevision >= revision;
}

/** The server's version a refusal brought (a conflict's server document), when it is newer than `base`. */
export function newerServerVersion(event: OutboxEvent, base: ReplicaDocument | null): ReplicaDocument | null {
  if (event.type !== 'answer' || event.answer.success) return null;
  const server = event.answer.conflict?.serverDocument;
  if (!server || server._deleted === true || typeof server.revision !== 'number') return null;
  if (typeof base?.revision === 'number' && base.revision >= server.revision) return null;
  const { _deleted: _d, _pending: _p, ...fields } = server;
  return fields;
}

/** applyEvent's work; call inside a transaction over the outbox and the row's collection. */
export async function applyEventInTransaction(
  replica: Replica,
  clientMutationId: string,
  event: OutboxEvent,
  now: number,
  random: number,
): Promise<OutboxRow | null> {
  const row = await replica.outbox.get(clientMutationId);
  if (!row) return null;
  const result = transition(row, event, now, random);
  let next = result.row;
  if (next && result.effects.includes('renew')) {
    await replica.outbox.delete(clientMutationId);
    next = { ...next, clientMutationId: uuidv7(now), createdAt: now };
    await replica.outbox.add(next);
  } else if (next) {
    await replica.outbox.put(next);
  } else {
    await replica.outbox.delete(clientMutationId);
  }
  if (!row.collection || !row.target) return next;
  const others = (await rowsFor(replica, row.collection, row.target)).filter((r) => r.clientMutationId !== clientMutationId && r.clientMutationId !== next?.clientMutationId);
  let activeOthers = others.filter(isActive);
  const applied =
    result.effects.includes('rebase') && event.type === 'answer' && typeof event.answer.revision === 'number' && event.answer.revision === (row.baseRevision ?? 0) + 1
      ? event.answer.revision
      : null;
  if (applied !== null) {
    // The server applied this change right on the revision it was based on, so the new revision holds
    // nothing this client has not seen: the later rows are based on it. (When it skipped revisions,
    // another device changed the document meanwhile; the later rows keep their base and the server
    // merges them per field against the values this client saw.)
    // A later row moves onto the new revision only when the values it was based on are the values of
    // that revision (the server's base plus this change). A row made from the server's version (a
    // resolved conflict) saw other values: it keeps its base and is merged per field, so a field it
    // left as it saw it does not undo this change.
    const revision = applied;
    const rebased = activeOthers.map((r) => (seesRevisionOf(r, row) ? { ...r, baseRevision: revision } : r));
    for (const later of rebased) if (later.baseRevision === revision) await replica.outbox.update(later.clientMutationId, { baseRevision: revision });
    activeOthers = rebased;
  }
  if (result.effects.includes('failDependents')) {
    for (const later of activeOthers.filter((r) => r.status === 'pending')) {
      await replica.outbox.put({ ...later, status: 'failed', error: CREATE_REJECTED });
    }
    activeOthers = activeOthers.filter((r) => r.status !== 'pending');
  }
  if (result.effects.includes('rollback')) {
    let base = activeOthers.find((r) => r.previous !== undefined)?.previous ?? row.previous ?? null;
    // A refusal restores the server's truth at once (issue 19): when the answer brings a newer
    // version of the document than the replica knows (a conflict's server document), that version
    // is the document now, as a pull would make it; otherwise the engine's pull after the push brings it.
    const newer = newerServerVersion(event, base);
    if (newer) {
      base = newer;
      for (const other of activeOthers) await replica.outbox.update(other.clientMutationId, { previous: newer, pulledRevision: newer.revision as number });
      activeOthers = activeOthers.map((other) => ({ ...other, previous: newer, pulledRevision: newer.revision as number }));
    }
    await rematerialize(replica, row.collection, row.target, base, activeOthers);
  } else if (result.effects.includes('reapply') && next) {
    const base = await serverBase(replica, row.collection, row.target, activeOthers);
    const seen = materialize(row.collection, row.target, base, activeOthers);
    const revived: OutboxRow = {
      ...next,
      previous: base,
      baseRevision: typeof base?.revision === 'number' ? base.revision : null,
      baseValues: baseValuesOf(findWrite(row.op), next, seen),
    };
    await replica.outbox.put(revived);
    const all = [...activeOthers, revived].sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
    await rematerialize(replica, row.collection, row.target, base, all);
  } else if (!next && activeOthers.length === 0 && pulledSince(row, event)) {
    // Accepted, but a pull while the row was out already brought this revision or a later one (the
    // row was replayed after a lost answer, or the pull came after the commit): that version, or its
    // tombstone, is the document now. Keeping the row's values would outlive a later change or deletion.
    await rematerialize(replica, row.collection, row.target, row.previous ?? null, []);
  } else if (!next && activeOthers.length === 0) {
    // Accepted: keep the values until the next pull brings the server's version, without the mark,
    // and with the revision the server answered when that revision holds nothing but this change.
    const table = replica.docs(row.collection);
    const doc = await table.get(row.target);
    if (doc?._pending || (doc && applied !== null)) {
      const { _pending: _ignored, ...rest } = doc;
      await table.put(applied !== null ? { ...rest, revision: applied } : rest);
    }
  }
  return next;
}

export async function listOutbox(replica: Replica): Promise<OutboxRow[]> {
  return replica.outbox.orderBy('clientMutationId').toArray();
}

/**
 * Resolves a conflict in ONE transaction: the conflicting row leaves and a new row carries the values
 * the user chose, based on the server's version, so only those fields are compared again.
 */
export async function resolveConflict(
  replica: Replica,
  clientMutationId: string,
  chosen: Record<string, unknown>,
  now = Date.now(),
): Promise<string> {
  const row = await replica.outbox.get(clientMutationId);
  if (!row) throw new Error('No such outbox row');
  const { args, baseRevision, baseValues } = resolutionArgs(row, chosen);
  // The resolution is made under the identity of the row it resolves (its worker shows it).
  const fresh = rowOf({ name: row.op, input: args }, now, uuidv7(now), row.identity ?? replica.identity);
  await replica.dexie.transaction('rw', tables(replica, row.collection), async () => {
    await replica.outbox.delete(clientMutationId);
    if (row.collection && row.target) {
      const others = (await rowsFor(replica, row.collection, row.target)).filter(isActive);
      const server = row.serverDocument ? (({ _deleted: _d, ...rest }) => rest)(row.serverDocument) : null;
      fresh.previous = server;
      fresh.baseRevision = baseRevision;
      fresh.baseValues = baseValues;
      await replica.outbox.add(fresh);
      await rematerialize(replica, row.collection, row.target, server, [...others, fresh]);
    } else {
      await replica.outbox.add(fresh);
    }
  });
  return fresh.clientMutationId;
}

/**
 * After a deploy: queued rows made with an older version of their write's input are migrated with
 * the write's `migrate` hook (src/domain/writes/define.ts) and take the current version, in one
 * transaction, before anything is sent. Rows of a write without a hook for their version keep their
 * args (the server then answers them as it can). Runs when this worker becomes the leader.
 */
export async function migrateOutbox(replica: Replica, lookup: (name: string) => Write | null = findWrite): Promise<number> {
  return replica.dexie.transaction('rw', replica.outbox, async () => {
    let migrated = 0;
    const rows = await replica.outbox.toArray();
    for (const row of rows) {
      if (row.status === 'sending') continue;
      const write = lookup(row.op);
      const from = row.version ?? 1;
      if (!write || from >= writeVersion(write) || !write.migrate) continue;
      await replica.outbox.update(row.clientMutationId, { args: write.migrate(from, row.args), version: writeVersion(write) });
      migrated++;
    }
    return migrated;
  });
}

/** After a restart: rows that were being sent go back to pending (the replay is safe). */
export async function recoverOutbox(replica: Replica): Promise<void> {
  const sending = await replica.outbox.where('status').equals('sending').primaryKeys();
  for (const id of sending) await applyEvent(replica, id, { type: 'recover' });
}

/** The connection came back (or the stream reopened): every pending row may go at once. */
export async function resetBackoff(replica: Replica): Promise<number> {
  return replica.outbox
    .where('status')
    .equals('pending')
    .filter((r) => r.nextAttemptAt > 0)
    .modify({ nextAttemptAt: 0, attempts: 0 });
}

/** The kept counts (workers/replica/outbox-counts.ts): one meta row. */
export async function storedOutboxCounts(replica: Replica): Promise<OutboxCounts> {
  return countsFrom((await replica.meta.get(OUTBOX_COUNTS_KEY))?.value);
}

/** When the oldest unsent change was made: the first key of the pending and sending ranges of `[status+clientMutationId]`. */
async function oldestActiveAt(replica: Replica): Promise<number | null> {
  const first = (status: 'pending' | 'sending') =>
    replica.outbox.where('[status+clientMutationId]').between([status, Dexie.minKey], [status, Dexie.maxKey]).first();
  const [pending, sending] = await Promise.all([first('pending'), first('sending')]);
  const oldest = [pending, sending].filter((r): r is OutboxRow => r !== undefined).sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1))[0];
  return oldest?.createdAt ?? null;
}

export async function outboxCounts(replica: Replica): Promise<{ pending: number; failed: number; conflict: number; oldestPendingAt: number | null }> {
  // The kept counts and two index lookups, not a scan: this runs after every change of the outbox.
  const [counts, oldestPendingAt] = await Promise.all([storedOutboxCounts(replica), oldestActiveAt(replica)]);
  return { pending: counts.pending + counts.sending, failed: counts.failed, conflict: counts.conflict, oldestPendingAt };
}
