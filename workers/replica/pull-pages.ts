import type { Table } from 'dexie';
import { withDerived, type CollectionName } from '../../src/domain/sync/collections';
import type { OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import type { CheckpointRow } from '../../src/domain/sync/replica-schema';
import type { Replica } from './db';
import { applyPullPage, isActive } from './documents';

/** One pull page waiting to be written. */
export interface PulledPage {
  collection: CollectionName;
  answer: PullAnswer;
}

/** The collections and documents that active outbox rows hold (one read of the status index). */
async function activeTargets(replica: Replica): Promise<Map<CollectionName, Set<string>>> {
  const rows: OutboxRow[] = await replica.outbox.where('status').anyOf('pending', 'sending').toArray();
  const out = new Map<CollectionName, Set<string>>();
  for (const row of rows) {
    if (!isActive(row) || !row.collection || !row.target) continue;
    const set = out.get(row.collection) ?? new Set<string>();
    set.add(row.target);
    out.set(row.collection, set);
  }
  return out;
}

const touches = (page: PulledPage, active: Map<CollectionName, Set<string>>): boolean => {
  const targets = active.get(page.collection);
  return targets !== undefined && page.answer.documents.some((d) => targets.has(d.uuid));
};

/**
 * Writes several pull pages (of different collections) in ONE transaction with their checkpoints,
 * instead of three transactions per page: a first sync of 65 collections is mostly small pages,
 * and an incremental pull mostly empty ones.
 *
 * - A page that changes nothing (no documents, no reset, the stored checkpoint's seq) is not
 *   written: the server answers a reset whenever the stored checkpoint's scope no longer holds.
 * - Pages that reset, or touch a document with active outbox rows, go through `applyPullPage`
 *   (rebase on the outbox), one by one, as before.
 * - A row queued between the look at the outbox and the write is caught after it: its page is
 *   written again through `applyPullPage` (idempotent; no later page of that collection is in the
 *   replica yet, because the caller passes at most one page per collection and writes in order).
 *
 * `stored` holds the seq of each collection's checkpoint in the replica; it is updated here.
 */
export async function applyPullPages(replica: Replica, pages: readonly PulledPage[], now: number, stored: Map<CollectionName, number>): Promise<void> {
  const seen = new Set<CollectionName>();
  for (const p of pages) {
    if (seen.has(p.collection)) throw new Error(`applyPullPages: two pages of ${p.collection}`);
    seen.add(p.collection);
  }
  const work = pages.filter(
    (p) => p.answer.documents.length > 0 || p.answer.reset || p.answer.hasMore || stored.get(p.collection) !== p.answer.checkpoint.seq,
  );
  if (work.length === 0) return;
  const before = await activeTargets(replica);
  const careful = work.filter((p) => p.answer.reset || touches(p, before));
  const plain = work.filter((p) => !careful.includes(p));
  for (const p of careful) {
    await applyPullPage(replica, p.collection, p.answer, now);
    stored.set(p.collection, p.answer.checkpoint.seq);
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
        if (doc._deleted === true) deletes.push(doc.uuid);
        else if (doc._deleted === undefined) puts.push(withDerived(collection, doc));
        else {
          const { _deleted: _ignored, ...fields } = doc;
          puts.push(withDerived(collection, fields));
        }
      }
      if (puts.length) writes.push(table.bulkPut(puts));
      if (deletes.length) writes.push(table.bulkDelete(deletes));
    }
    writes.push(replica.checkpoints.bulkPut(checkpoints));
    await Promise.all(writes);
  });
  for (const p of plain) stored.set(p.collection, p.answer.checkpoint.seq);
  const after = await activeTargets(replica);
  for (const p of plain) if (touches(p, after)) await applyPullPage(replica, p.collection, p.answer, now);
}
