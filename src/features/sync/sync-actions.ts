import { subscribe } from 'valtio';
import { syncApi, syncStore } from '../../lib/sync-client';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { sessionStore } from '../../lib/session/session-store';
import { replicaName } from '../../domain/sync/replica-schema';
import { unsentTotal, type OutboxCounts } from './sign-out-flow';

/** The screens' write paths into the worker for the outbox page (all async; errors reach the caller). */
export const outboxActions = {
  retry: (id: string) => syncApi().outbox.retry(id),
  discard: (id: string) => syncApi().outbox.discard(id),
  /** The rows of the outbox now (read from it, not from a screen's list). */
  list: () => syncApi().outbox.list(),
  resolve: (id: string, chosen: Record<string, unknown>) => syncApi().outbox.resolveConflict(id, chosen),
  /** Push and pull now. */
  syncNow: () => syncApi().sync.pullNow(),
  /** The sync self-test: a test note through the outbox. */
  selfTest: (body: string) => syncApi().probes.save({ uuid: uuidv7(), body }),
  /** Start syncing again after it stopped (storage full, a paused session dealt with). */
  resumeSync: () => syncApi().sync.resume(),
  /** Push only (no pull): for "send now" before signing out. */
  pushNow: () => syncApi().sync.pullNow([]),
};

function counts(): OutboxCounts {
  return { pending: syncStore.pending, failed: syncStore.failed, conflicts: syncStore.conflicts };
}

/**
 * Pushes the outbox and waits until nothing is pending any more (sent, or refused), the worker
 * goes offline or pauses, or `timeoutMs` passes. Answers whether it drained, with the counts left.
 */
export function pushAndWait(timeoutMs = 30_000): Promise<{ drained: boolean; counts: OutboxCounts }> {
  return new Promise((resolve) => {
    let settled = false;
    let unsubscribe: () => void = () => undefined;
    const finish = (drained: boolean) => {
      if (settled) return;
      settled = true;
      unsubscribe();
      window.clearTimeout(timer);
      resolve({ drained, counts: counts() });
    };
    const check = () => {
      if (syncStore.pending === 0) finish(true);
      else if (syncStore.state === 'offline' || syncStore.state === 'blocked' || !syncStore.online) finish(false);
    };
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    unsubscribe = subscribe(syncStore, check);
    outboxActions.pushNow().then(check, () => finish(false));
  });
}

/**
 * Unsent rows (pending, sending, failed, conflict) in the signed-in user's replica, read from its outbox
 * (the worker's last report may not have come yet). Unreadable counts as one: the user is asked.
 */
export async function unsentOnThisDevice(): Promise<number> {
  const name = currentReplicaName();
  if (!name) return 0;
  try {
    return unsentTotal(await syncApi().sync.unsentCountsIn(name));
  } catch {
    return 1;
  }
}

/** The replica in use: the running sync's (its identity, impersonation included), else the signed-in user's own. */
export function currentReplicaName(): string | null {
  const running = syncStore.session;
  if (running) {
    const chain = [...(running.chain ?? [])];
    return replicaName({ companyId: running.companyId, userId: running.userId, ...(chain.length > 0 ? { chain, ...(running.realUserId !== undefined ? { realUserId: running.realUserId } : {}) } : {}) });
  }
  const user = sessionStore.status === 'signed-in' ? sessionStore.user : null;
  return user ? replicaName({ companyId: user.companyId, userId: user.id }) : null;
}
