/**
 * React hooks for screens reading the replica directly (liveQuery: they re-render when the worker
 * writes, in this tab or another), and for the sync status and the outbox page.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../domain/sync/types';
import { syncStore } from '../sync-client';
import { replicaReader, type ReplicaReader } from './replica-db';
import { readableReplica, readerSession, type ReaderIdentity } from './reader-session';

/**
 * The signed-in user's replica: the sync session's, or before the sync code has loaded the stored
 * session's (reader-session.ts); null when signed out.
 */
export function useReplica(): ReplicaReader | null {
  const which = useReplicaIdentity();
  return which ? replicaReader(which) : null;
}

/** The user and company whose replica useReplica reads (also before `syncStore.session` is set). */
export function useReplicaIdentity(): ReaderIdentity | null {
  const { session } = useSnapshot(syncStore);
  const early = useSnapshot(readerSession);
  const which = readableReplica(session, early);
  return which ? { companyId: which.companyId, userId: which.userId } : null;
}

/** Any replica query; undefined while loading (or before sign-in). */
export function useReplicaQuery<T>(query: (r: ReplicaReader) => Promise<T>, deps: unknown[]): T | undefined {
  const replica = useReplica();
  return useLiveQuery(() => (replica ? query(replica) : undefined), [replica, ...deps]);
}

/** One document by uuid. */
export const useDocument = (collection: Parameters<ReplicaReader['docs']>[0], uuid: string | null): ReplicaDocument | undefined =>
  useReplicaQuery((r) => (uuid ? r.docs(collection).get(uuid) : Promise.resolve(undefined)), [collection, uuid]);

/** The outbox page: pending, failed and conflicting changes, oldest first. */
export const useOutboxRows = (): OutboxRow[] | undefined =>
  useReplicaQuery((r) => r.outbox.orderBy('clientMutationId').toArray(), []);

/** The sync status for the shell (online, pending, last synced, first-sync progress, blocked code). */
export function useSyncStatus() {
  return useSnapshot(syncStore);
}
