import { replicaName } from '../../domain/sync/replica-schema';
import { syncStore } from '../sync-client';
import { readableReplica, readerSession } from './reader-session';

/** The identity whose data the page shows now (the replica's name), or null when signed out. */
export function currentIdentity(): string | null {
  const which = readableReplica(syncStore.session, readerSession);
  return which ? replicaName(which) : null;
}
