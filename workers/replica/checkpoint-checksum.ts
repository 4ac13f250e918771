/**
 * Checksums at every checkpoint (issue 37, PowerSync-style). The pull's page that reaches a
 * collection's checkpoint carries the server's checksum of the viewer's scope there (count and
 * SHA-256 over "uuid:revision" in uuid order, server/sync/checksum.ts). Before the page is written,
 * the worker computes what its replica would hold on the server's side once the page is applied and
 * compares: a difference means the replica is wrong (changed behind the engine's back, a lost or
 * half-written page, a browser that rolled IndexedDB back), and the page is not applied; the
 * collection is pulled again from zero at once (workers/pull/pull.ts).
 *
 * The server's side of the replica: a document no change of this device holds counts with its
 * stored revision; a document that active outbox rows hold counts with the revision of its server
 * base (the oldest row's `previous`, as `serverBase` reads it): absent when the server did not have
 * it (a create on its way, a deletion the server refused to see), so collections with pending rows
 * are compared too. Local edits never change this side, so a row queued while the page is compared
 * does not make a false difference.
 */
import { Dexie } from 'dexie';
import type { CollectionName } from '../../src/domain/sync/collections';
import type { OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import { sha256Hex, type LocalChecksum } from './checksum';
import type { Replica } from './db';
import { isActive } from './documents';

/** A revision the server never confirmed (a document stored without one): it can never match. */
const UNCONFIRMED = '?';

/** uuid -> server revision of the documents the replica holds on the server's side (see above). */
export async function serverSideRevisions(replica: Replica, collection: CollectionName): Promise<Map<string, string>> {
  const revisions = new Map<string, string>();
  await replica.docs(collection).each((doc) => {
    revisions.set(doc.uuid, typeof doc.revision === 'number' ? String(doc.revision) : UNCONFIRMED);
  });
  const rows: OutboxRow[] = await replica.outbox.where('[collection+target]').between([collection, Dexie.minKey], [collection, Dexie.maxKey]).toArray();
  const byTarget = new Map<string, OutboxRow[]>();
  for (const row of rows.filter((r) => isActive(r) && r.target)) {
    const list = byTarget.get(row.target!) ?? [];
    list.push(row);
    byTarget.set(row.target!, list);
  }
  for (const [target, held] of byTarget) {
    held.sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
    const first = held.find((r) => r.previous !== undefined);
    if (first) {
      const base = first.previous;
      if (base === null || base === undefined) revisions.delete(target);
      else revisions.set(target, typeof base.revision === 'number' ? String(base.revision) : UNCONFIRMED);
    } else if (revisions.get(target) === UNCONFIRMED) {
      // No base captured and no revision: made on this device, not on the server yet.
      revisions.delete(target);
    }
  }
  return revisions;
}

/**
 * The checksum of the replica's server side of `collection` once `documents` (a pull page) are
 * applied; `startsOver`: the page starts the collection over (a reset, or the first page from the
 * initial checkpoint), so nothing the replica held before counts.
 */
export async function checksumAfterPage(
  replica: Replica,
  collection: CollectionName,
  documents: readonly ReplicaDocument[],
  startsOver: boolean,
): Promise<LocalChecksum> {
  const revisions = startsOver ? new Map<string, string>() : await serverSideRevisions(replica, collection);
  for (const doc of documents) {
    if (doc._deleted) revisions.delete(doc.uuid);
    else revisions.set(doc.uuid, typeof doc.revision === 'number' ? String(doc.revision) : UNCONFIRMED);
  }
  // Byte order of ASCII uuids: the server sorts with COLLATE "C".
  const parts = [...revisions].map(([uuid, revision]) => `${uuid}:${revision}`).sort();
  return { count: parts.length, hash: await sha256Hex(parts.join(',')) };
}
