import { syncStore } from '../../lib/sync-client';
import { replicaReader } from '../../lib/replica/replica-db';
import { readableReplica, readerSession } from '../../lib/replica/reader-session';
import { NO_FILTERS, readParticipantRows } from './queries';
import { participantsKey, type ReplicaParticipants } from './use-replica-participants';

/**
 * The rows that fit on screen first: about the viewport height / 36 px (a row is at least that high),
 * at least 10, at most a page. The rest of the page follows once they are painted.
 */
export function firstRows(viewportHeight: number = typeof window === 'undefined' ? 900 : window.innerHeight): number {
  return Math.min(100, Math.max(10, Math.ceil(viewportHeight / 36)));
}

/**
 * The default list's first rows, read while the router changes to the list (its loader), so the
 * screen's first render shows them instead of a loading line and its live query takes over after.
 * Only from a replica that is open already: a page load (where the replica still has to open) does not
 * wait for it here, the screen reads as before. Null when there is nothing to read ahead.
 */
export async function firstRowsAhead(): Promise<ReplicaParticipants | null> {
  const identity = readableReplica(syncStore.session, readerSession);
  if (!identity) return null;
  const reader = replicaReader(identity);
  if (!reader.dexie.isOpen()) return null;
  const limit = firstRows();
  try {
    const page = await readParticipantRows(reader, NO_FILTERS, 0, limit);
    return { ...page, key: participantsKey(NO_FILTERS, 0, limit) };
  } catch {
    return null;
  }
}
