import type { Table } from 'dexie';
import { withDerived, type CollectionName } from '../../src/domain/sync/collections';
import type { OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import type { CheckpointRow } from '../../src/domain/sync/replica-schema';
import type { Replica } from './db';
import { activeRowsOf, answerAsWritten, applyPullPage, writePullPage } from './documents';

/** One pull page waiting to be written. */
export interface PulledPage {
  collection: CollectionName;
  answer: PullAnswer;
  /**
   * The page was asked for from the initial checkpoint (a first sync): it starts the collection
   * over as a reset does (`applyPullPage`'s `startsOver`), so it is never skipped nor written plainly.
   */
  startsOver?: boolean;
}

/**
 * The documents that outbox rows a pulled version concerns hold, by collection: active rows (the
 * version becomes their server base) and conflicts (the server's version the user decides against),
 * as `applyPullPage` looks at them. One read of the status index for all collections.
 */
async function heldTargets(replica: Replica): Promise<Map<CollectionName, Set<string>>> {
  const rows: OutboxRow[] = await replica.outbox.where('status').anyOf('pending', 'sending', 'conflict').toArray();
  const out = new Map<CollectionName, Set<string>>();
  for (const row of rows) {
    if (!row.collection || !row.target) continue;
    const set = out.get(row.collection) ?? new Set<string>();
    set.add(row.target);
    out.set(row.collection, set);
  }
  return out;
}

const touchedBy = (page: PulledPage, held: Map<CollectionName, Set<string>>): ReplicaDocument[] => {
  const targets = held.get(page.collection);
  return targets === undefined ? [] : page.answer.documents.filter((d) => targets.has(d.uuid));
};

/**
 * Whether the page changes nothing: no documents, no reset, not part of a paged sync, not from the
 * initial checkpoint, and the seq the replica holds already. The server answers a reset whenever the
 * stored checkpoint's scope no longer holds, and a final page's checkpoint differs from the stored
 * one only in its issue time then, so the stored token stays as good.
 */
const changesNothing = (page: PulledPage, stored: CheckpointRow | undefined): boolean =>
  !page.startsOver &&
  !page.answer.reset &&
  !page.answer.hasMore &&
  page.answer.documents.length === 0 &&
  stored !== undefined &&
  stored.seq === page.answer.checkpoint.seq;

/**
 * Writes several pull pages (of different collections) in ONE transaction with their checkpoints,
 * instead of a transaction or three per page: a first sync of 65 collections is mostly small pages,
 * and an incremental pull mostly empty ones. At most one page per collection: a later page of a
 * collection must never be written before an earlier one.
 *
 * - A page that changes nothing (see `changesNothing`) is not written.
 * - Pages that reset, start over (asked for from the initial checkpoint), or touch a document that
 *   active or conflicting outbox rows hold are written as `applyPullPage` writes them, all in one
 *   transaction that includes the outbox (a page that starts over is applied as a reset).
 * - A row queued between the look at the outbox and the write is caught after it: the documents of
 *   the page it holds are rebased through `applyPullPage` (idempotent; no later page of that
 *   collection is in the replica yet, since the caller writes in order).
 */
export async function applyPullPages(replica: Replica, pages: readonly PulledPage[], now: number): Promise<void> {
  const seen = new Set<CollectionName>();
  for (const p of pages) {
    if (seen.has(p.collection)) throw new Error(`applyPullPages: two pages of ${p.collection}`);
    seen.add(p.collection);
  }
  // Only pages without documents can be no-ops: their stored checkpoints, in one read.
  const empty = pages.filter((p) => p.answer.documents.length === 0 && !p.startsOver && !p.answer.reset && !p.answer.hasMore);
  const storedRows = empty.length > 0 ? await replica.checkpoints.bulkGet(empty.map((p) => p.collection)) : [];
  const stored = new Map(empty.map((p, i) => [p.collection, storedRows[i]]));
  const work = pages.filter((p) => !changesNothing(p, stored.get(p.collection)));
  if (work.length === 0) return;
  const before = await heldTargets(replica);
  const careful = work.filter((p) => p.startsOver === true || p.answer.reset || touchedBy(p, before).length > 0);
  const plain = work.filter((p) => !careful.includes(p));
  if (careful.length > 0) {
    // Together in one transaction with the outbox (read in it, so no row can come between the look
    // and the write), each page as `applyPullPage` writes it: a first sync starts every collection
    // over, and 65 transactions one after the other cost more than their documents.
    const carefulTables = careful.map((p) => replica.docs(p.collection));
    await replica.dexie.transaction('rw', [...carefulTables, replica.outbox, replica.checkpoints], async () => {
      for (const p of careful) {
        await writePullPage(replica, p.collection, answerAsWritten(p.answer, p.startsOver), now, await activeRowsOf(replica, p.collection));
      }
    });
  }
  if (plain.length === 0) return;
  const tables = plain.filter((p) => p.answer.documents.length > 0).map((p) => replica.docs(p.collection));
  await replica.dexie.transaction('rw', [...tables, replica.checkpoints], async () => {
    const checkpoints: CheckpointRow[] = [];
    // Every request is issued before any is awaited, so IndexedDB works through them back to back.
    const writes: Promise<unknown>[] = [];
    for (const { collection, answer } of plain) {
      checkpoints.push({ collection, seq: answer.checkpoint.seq, scopeKey: answer.checkpoint.scopeKey, syncedAt: now });
      if (answer.documents.length === 0) continue;
      const table: Table<ReplicaDocument, string> = replica.docs(collection);
      const puts: ReplicaDocument[] = [];
      const deletes: string[] = [];
      for (const doc of answer.documents) {
        const { _deleted: deleted, ...fields } = doc;
        if (deleted) deletes.push(doc.uuid);
        else puts.push(withDerived(collection, fields));
      }
      if (puts.length) writes.push(table.bulkPut(puts));
      if (deletes.length) writes.push(table.bulkDelete(deletes));
    }
    writes.push(replica.checkpoints.bulkPut(checkpoints));
    await Promise.all(writes);
  });
  const after = await heldTargets(replica);
  for (const p of plain) {
    const touched = touchedBy(p, after);
    // Only the documents the new rows hold: the rest of the page is in the replica as it should be.
    if (touched.length > 0) await applyPullPage(replica, p.collection, { ...p.answer, documents: touched }, now);
  }
}
