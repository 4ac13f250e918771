/**
 * React hooks for screens reading the replica directly (liveQuery: they re-render when the worker
 * writes, in this tab or another), and for the sync status and the outbox page.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useSyncExternalStore } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../domain/sync/types';
import { syncStore } from '../sync-client';
import { replicaReader, type ReplicaReader } from './replica-db';
import { replicaName } from '../../domain/sync/replica-schema';
import { dataKeyFor, onDataKeyChange } from '../device-crypto/data-keys';
import { readableReplica, readerKey, readerSession, type ReaderIdentity } from './reader-session';

/**
 * The signed-in user's replica: the sync session's, or before the sync code has loaded the stored
 * session's (reader-session.ts); null when signed out.
 */
export function useReplica(): ReplicaReader | null {
  const which = useReplicaIdentity();
  const name = which ? replicaName(which) : null;
  // Sealed (issue 36): nothing is read before the identity's data key is here; the queries run once it is.
  const unlocked = useSyncExternalStore(
    onDataKeyChange,
    () => name !== null && dataKeyFor(name) !== null,
    () => false,
  );
  return which && unlocked ? replicaReader(which) : null;
}

/** The identity to read now, as a string that stays equal while it does ('' when signed out). */
function identityNow(): string {
  return readerKey(readableReplica(syncStore.session, readerSession));
}

function onIdentityChange(notify: () => void): () => void {
  const stopSync = subscribe(syncStore, notify);
  const stopReader = subscribe(readerSession, notify);
  return () => {
    stopSync();
    stopReader();
  };
}

/**
 * The user and company whose replica useReplica reads (also before `syncStore.session` is set).
 * Every replica query of a screen asks this: one external-store subscription that compares a short
 * string, so the sync status's frequent changes cost each query no render and no snapshot proxies.
 */
export function useReplicaIdentity(): ReaderIdentity | null {
  const key = useSyncExternalStore(onIdentityChange, identityNow, identityNow);
  return useMemo(() => {
    if (!key) return null;
    const [companyId, userId, realUserId, chain] = key.split(':');
    const ids = chain ? chain.split('.').map(Number) : [];
    return {
      companyId: Number(companyId),
      userId: Number(userId),
      ...(ids.length > 0 ? { chain: ids } : {}),
      ...(realUserId ? { realUserId: Number(realUserId) } : {}),
    };
  }, [key]);
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
