import type { SyncSession, SyncStatus } from '../../domain/sync/status';
import { useReplicaQuery, useSyncStatus } from '../../lib/replica/hooks';

/**
 * The worker's status, with the last sync read from the replica itself: only the tab whose worker
 * leads syncs, and the others learn when it finished from the meta row it writes (liveQuery wakes
 * every tab). Also ignores a follower's stale "offline" state (only the leader talks to the server).
 */
export function useSyncViewStatus(): SyncStatus & { session: SyncSession | null } {
  const status = useSyncStatus();
  const stored = useReplicaQuery(async (r) => {
    const row = await r.dexie.table<{ key: string; value: unknown }, string>('meta').get('lastSyncedAt');
    return typeof row?.value === 'number' ? row.value : null;
  }, []);
  const lastSyncedAt = Math.max(status.lastSyncedAt ?? 0, stored ?? 0) || null;
  const state = status.state === 'offline' && !status.leader && status.online ? 'idle' : status.state;
  return { ...status, session: status.session ? { ...status.session, chain: [...status.session.chain] } : null, firstSync: status.firstSync ? { ...status.firstSync } : null, lastSyncedAt, state };
}
