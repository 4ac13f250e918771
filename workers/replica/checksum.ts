/**
 * A replica that proves it matches (issue 19). After a sync, for each collection that is caught up
 * and has no change of this device on its way (no pending or sending outbox row, no document marked
 * pending), the worker asks the server for the checksum of what the pull delivered to this user up
 * to the collection's checkpoint (server/sync/checksum.ts: count and SHA-256 over "uuid:revision" in
 * uuid order) and compares it with its own. A collection that drifted (a lost or half-written page,
 * a bug, a browser that rolled IndexedDB back) is repaired by a targeted resync: its checkpoint is
 * dropped and the collection pulled from zero, which starts it over (documents held by changes
 * still on their way stay). The repair is noted in the replica's meta table, for the sync details
 * on /wijzigingen ("Verschil gevonden in …, opnieuw opgehaald").
 */
import { Dexie } from 'dexie';
import type { CollectionName } from '../../src/domain/sync/collections';
import { CHECKSUM_REPAIR_KEY, type ChecksumRepairNote } from '../../src/domain/sync/replica-checksum';
import type { GraphTransport } from '../graph-client';
import type { Replica } from './db';
import { isActive } from './documents';

export { CHECKSUM_REPAIR_KEY, type ChecksumRepairNote };

export interface LocalChecksum {
  count: number;
  hash: string;
}

interface ServerChecksum {
  collection: string;
  stale: boolean;
  count: number | null;
  hash: string | null;
}

const QUERY = 'query ReplicaChecksums($c: [ReplicaChecksumInput!]!) { replicaChecksums(collections: $c) { collection stale count hash } }';

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The replica's checksum of a collection, or null when it cannot match by design right now: a
 * document carries a change of this device (pending), or has no server revision.
 */
export async function localChecksum(replica: Replica, collection: CollectionName): Promise<LocalChecksum | null> {
  const parts: string[] = [];
  let unconfirmed = false;
  await replica.docs(collection).each((doc) => {
    if (doc._pending || typeof doc.revision !== 'number') unconfirmed = true;
    else parts.push(`${doc.uuid}:${doc.revision}`);
  });
  if (unconfirmed) return null;
  // Byte order of ASCII uuids: the server sorts with COLLATE "C".
  parts.sort();
  return { count: parts.length, hash: await sha256Hex(parts.join(',')) };
}

/** Collections with a change of this device on its way (their documents differ from the server's by design). */
async function busyCollections(replica: Replica, names: readonly CollectionName[]): Promise<Set<CollectionName>> {
  const busy = new Set<CollectionName>();
  for (const name of names) {
    const rows = await replica.outbox.where('[collection+target]').between([name, Dexie.minKey], [name, Dexie.maxKey]).toArray();
    if (rows.some(isActive)) busy.add(name);
  }
  return busy;
}

export type CompareOutcome =
  | { kind: 'compared'; matched: CollectionName[]; drifted: CollectionName[]; skipped: CollectionName[] }
  /** The checksum request failed (offline, refused): nothing was compared. */
  | { kind: 'unavailable' };

/** Compares the replica's checksums of `names` with the server's; changes nothing. */
export async function compareChecksums(replica: Replica, transport: GraphTransport, names: readonly CollectionName[]): Promise<CompareOutcome> {
  const busy = await busyCollections(replica, names);
  const skipped: CollectionName[] = [...busy];
  const wanted: { collection: CollectionName; seq: number; scopeKey: string | null }[] = [];
  for (const name of names) {
    if (busy.has(name)) continue;
    const cp = await replica.checkpoints.get(name);
    if (!cp || !cp.scopeKey) skipped.push(name);
    else wanted.push({ collection: name, seq: cp.seq, scopeKey: cp.scopeKey });
  }
  if (wanted.length === 0) return { kind: 'compared', matched: [], drifted: [], skipped };
  const outcome = await transport<{ replicaChecksums: ServerChecksum[] }>(QUERY, { c: wanted });
  if (outcome.kind !== 'data' || !Array.isArray(outcome.data.replicaChecksums)) return { kind: 'unavailable' };
  const matched: CollectionName[] = [];
  const drifted: CollectionName[] = [];
  for (const want of wanted) {
    const server = outcome.data.replicaChecksums.find((c) => c.collection === want.collection);
    if (!server || server.stale) {
      skipped.push(want.collection);
      continue;
    }
    // A change queued or pulled meanwhile: compare only what still stands at the same checkpoint.
    const local = await localChecksum(replica, want.collection);
    const now = await replica.checkpoints.get(want.collection);
    if (!local || now?.seq !== want.seq || (await busyCollections(replica, [want.collection])).size > 0) {
      skipped.push(want.collection);
      continue;
    }
    if (local.count === server.count && local.hash === server.hash) matched.push(want.collection);
    else drifted.push(want.collection);
  }
  return { kind: 'compared', matched, drifted, skipped };
}

/**
 * Starts the drifted collections over: their checkpoints go, so the next pull of them comes from
 * zero (a reset: every document the server does not send again is dropped, except those held by
 * changes still on their way), and the repair is noted for the sync details.
 */
export async function markForResync(replica: Replica, drifted: readonly CollectionName[], now: number): Promise<void> {
  if (drifted.length === 0) return;
  await replica.dexie.transaction('rw', [replica.checkpoints, replica.meta], async () => {
    await replica.checkpoints.bulkDelete([...drifted]);
    const note: ChecksumRepairNote = { at: now, collections: [...drifted] };
    await replica.meta.put({ key: CHECKSUM_REPAIR_KEY, value: note });
  });
}
