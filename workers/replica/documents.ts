import { Dexie } from 'dexie';
import type { CollectionName } from '../../src/domain/sync/collections';
import { withDerived } from '../../src/domain/sync/collections';
import type { OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import type { Replica } from './db';

const ACTIVE = new Set(['pending', 'sending']);

export function isActive(row: OutboxRow): boolean {
  return ACTIVE.has(row.status);
}

/**
 * The local document: the server's version (`base`, null when it does not exist there) with the
 * optimistic patches of the active outbox rows applied in order, marked `_pending`.
 */
export function materialize(
  collection: CollectionName,
  target: string,
  base: ReplicaDocument | null,
  rows: readonly OutboxRow[],
): ReplicaDocument | null {
  let doc: ReplicaDocument | null = base;
  const active = rows.filter((r) => isActive(r) && r.patch);
  for (const row of active) {
    if (row.patch?._deleted === true) doc = null;
    else doc = { ...(doc ?? { uuid: target }), ...row.patch, uuid: target };
  }
  if (!doc) return null;
  const { _pending: _ignored, ...rest } = doc;
  return withDerived(collection, active.length > 0 ? { ...rest, _pending: true } : rest);
}

/** Outbox rows that change one document, oldest first. */
export async function rowsFor(replica: Replica, collection: CollectionName, target: string): Promise<OutboxRow[]> {
  const rows = await replica.outbox.where('[collection+target]').equals([collection, target]).toArray();
  return rows.sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
}

/**
 * The server's version of a document as far as the replica knows it: the `previous` captured by the
 * oldest active outbox row, or the stored document itself when no active row touches it.
 *
 * Not an async function: inside a transaction, awaiting a promise that settles without IndexedDB
 * work (the first case) lets the transaction commit early (PrematureCommitError, found by
 * workers/outbox/counts.test.ts on a retry of a row whose document had other rows queued). Both
 * cases answer a Dexie promise.
 */
export function serverBase(
  replica: Replica,
  collection: CollectionName,
  target: string,
  rows: readonly OutboxRow[],
): PromiseLike<ReplicaDocument | null> {
  const first = rows.find((r) => isActive(r) && r.previous !== undefined);
  if (first) return Dexie.Promise.resolve(first.previous ?? null);
  return replica
    .docs(collection)
    .get(target)
    .then((current) => {
      if (!current) return null;
      const { _pending: _ignored, ...rest } = current;
      return rest;
    });
}

/** Writes what the document should look like now, from its server base and the active rows. Call inside a transaction. */
export async function rematerialize(
  replica: Replica,
  collection: CollectionName,
  target: string,
  base: ReplicaDocument | null,
  rows: readonly OutboxRow[],
): Promise<void> {
  const doc = materialize(collection, target, base, rows);
  if (doc) await replica.docs(collection).put(doc);
  else await replica.docs(collection).delete(target);
}

/**
 * The outbox rows of one collection a pulled document concerns, by document, oldest first: active
 * rows (the document is their server base) and conflicts (the server's version the user decides
 * against).
 */
export async function activeRowsOf(replica: Replica, collection: CollectionName): Promise<Map<string, OutboxRow[]>> {
  const active = (
    await replica.outbox.where('[collection+target]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).toArray()
  ).filter((r) => (isActive(r) || r.status === 'conflict') && r.target);
  const byTarget = new Map<string, OutboxRow[]>();
  for (const row of active.sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1))) {
    const list = byTarget.get(row.target!) ?? [];
    list.push(row);
    byTarget.set(row.target!, list);
  }
  return byTarget;
}

/**
 * A pulled document that outbox rows hold becomes their server base (active rows) or the server's
 * version they decide against (conflicts); the local document is written again from it. Only called
 * for documents with rows, inside a transaction over the table and the outbox (awaiting a promise
 * without IndexedDB work would end the transaction).
 */
async function rebasePulled(replica: Replica, collection: CollectionName, rows: OutboxRow[], doc: ReplicaDocument): Promise<void> {
  const { _deleted: deleted, ...fields } = doc;
  const base: ReplicaDocument | null = deleted ? null : fields;
  const pulledRevision = typeof doc.revision === 'number' ? doc.revision : null;
  const active = rows.filter(isActive);
  for (const row of active) await replica.outbox.update(row.clientMutationId, { previous: base, pulledRevision });
  for (const row of rows) {
    if (row.status !== 'conflict') continue;
    const known = typeof row.serverDocument?.revision === 'number' ? row.serverDocument.revision : -1;
    if (!base) await replica.outbox.update(row.clientMutationId, { serverDocument: null });
    else if (typeof base.revision !== 'number' || base.revision >= known) await replica.outbox.update(row.clientMutationId, { serverDocument: base });
  }
  await rematerialize(replica, collection, doc.uuid, base, active);
}

/**
 * Writes one pull page and its checkpoint, as `applyPullPage` describes. Call inside a read-write
 * transaction over the collection's table, the checkpoints, and the outbox when the page resets or
 * `byTarget` holds rows; `byTarget` is `activeRowsOf` read in that same transaction. Several pages
 * of different collections may share one transaction (`applyPullPages`).
 */
export async function writePullPage(
  replica: Replica,
  collection: CollectionName,
  answer: PullAnswer,
  now: number,
  byTarget: Map<string, OutboxRow[]>,
): Promise<void> {
  const table = replica.docs(collection);
  if (answer.reset) {
    const keep = new Set([...byTarget].filter(([, rows]) => rows.some(isActive)).map(([target]) => target));
    // A reset starts the collection over: a conflict's document is back only when a page brings it.
    const onPage = new Set(answer.documents.map((d) => d.uuid));
    for (const [target, rows] of byTarget) {
      if (onPage.has(target)) continue;
      for (const row of rows) if (row.status === 'conflict') await replica.outbox.update(row.clientMutationId, { serverDocument: null });
      const active = rows.filter(isActive);
      if (active.length === 0) continue;
      for (const row of active) await replica.outbox.update(row.clientMutationId, { previous: null, pulledRevision: null });
      await rematerialize(replica, collection, target, null, active);
    }
    const all = await table.toCollection().primaryKeys();
    await table.bulkDelete(all.filter((k) => !keep.has(k)));
  }
  const plainPuts: ReplicaDocument[] = [];
  const plainDeletes: string[] = [];
  for (const doc of answer.documents) {
    const rows = byTarget.get(doc.uuid);
    if (rows) {
      await rebasePulled(replica, collection, rows, doc);
      continue;
    }
    const { _deleted: deleted, ...fields } = doc;
    if (deleted) plainDeletes.push(doc.uuid);
    else plainPuts.push(withDerived(collection, fields));
  }
  if (plainPuts.length) await table.bulkPut(plainPuts);
  if (plainDeletes.length) await table.bulkDelete(plainDeletes);
  await replica.checkpoints.put({
    collection,
    seq: answer.checkpoint.seq,
    scopeKey: answer.checkpoint.scopeKey,
    syncedAt: now,
  });
}

/** The answer as written: a page that starts over is applied as a reset. */
export function answerAsWritten(given: PullAnswer, startsOver: boolean | undefined): PullAnswer {
  return startsOver && !given.reset ? { ...given, reset: true } : given;
}

/**
 * Applies one pull page in ONE transaction with its checkpoint, so a crash never leaves documents
 * without their checkpoint or the reverse (resumable). Tombstones delete; documents with active
 * outbox rows become the new server base of those rows and keep the optimistic patches on top.
 * A conflict waiting for the user takes the newer server version, or null when the document left
 * (deleted, or out of the viewer's scope): resolving it must not bring back a version the server
 * no longer shows this user, which no later pull would remove.
 * A reset drops the collection's documents that no active row holds, and the server version of
 * conflicts on documents its first page does not bring (a later page that brings one sets it again).
 * A document that active rows hold and the first page does not bring loses its server version too
 * (the rows' `previous` becomes null, as for a tombstone): a sync from zero sends no tombstones, so
 * when the document was deleted or left the scope, a refused row must not roll back to the version
 * this replica had, which no later pull would remove. A later page that brings it sets it again.
 * `startsOver`: the page is the first of a sync from the initial checkpoint, which the client treats
 * as a reset (documents kept from pushes accepted before the first sync completed may be gone).
 * (Both found by the fault-injection test, issue 8.)
 *
 * The outbox table joins the transaction only when the page touches a document with active rows
 * (or resets): most pages then lock just the collection and the checkpoints, so writes queued
 * meanwhile are not held up. A row queued between that look and the page's transaction is caught
 * after it: its documents are rebased in a second transaction (idempotent).
 */
export async function applyPullPage(
  replica: Replica,
  collection: CollectionName,
  given: PullAnswer,
  now: number,
  options: { startsOver?: boolean } = {},
): Promise<void> {
  const answer = answerAsWritten(given, options.startsOver);
  const table = replica.docs(collection);
  const touched = (byTarget: Map<string, OutboxRow[]>) => answer.documents.some((d) => byTarget.has(d.uuid));
  const before = await activeRowsOf(replica, collection);
  if (answer.reset || touched(before)) {
    await replica.dexie.transaction('rw', [table, replica.outbox, replica.checkpoints], async () => {
      await writePullPage(replica, collection, answer, now, await activeRowsOf(replica, collection));
    });
    return;
  }
  await replica.dexie.transaction('rw', [table, replica.checkpoints], () => writePullPage(replica, collection, answer, now, new Map()));
  const after = await activeRowsOf(replica, collection);
  if (!touched(after)) return;
  await replica.dexie.transaction('rw', [table, replica.outbox], async () => {
    const rows = await activeRowsOf(replica, collection);
    for (const doc of answer.documents) {
      const active = rows.get(doc.uuid);
      if (active) await rebasePulled(replica, collection, active, doc);
    }
  });
}
