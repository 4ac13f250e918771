/**
 * Which replica the main thread may read before the sync session has started: the stored
 * session's user and company, set by src/app/start-sync.ts as soon as the session store knows them
 * (on a reload: at module load, from session storage). Screens then read IndexedDB at once, without
 * waiting for the sync-session chunk to load and set `syncStore.session`. Only valtio here: the
 * entry chunk imports this, and Dexie stays out of it.
 *
 * `stopped` is set when another tab takes this session over (sync-session.ts, suspend): from then on
 * only `syncStore.session` counts, until a reload.
 */
import { proxy } from 'valtio';

export interface ReaderIdentity {
  companyId: number;
  userId: number;
  /** While impersonating: the chain and the real user (the replica is per identity: row-identity.ts). */
  chain?: number[];
  realUserId?: number;
}

/** The identity of a signed-in session (the session store's parts): whose replica to read and sync. */
export function readerIdentityOf(
  user: { companyId: number; id: number },
  chain: readonly number[],
  realUser: { id: number } | null | undefined,
): ReaderIdentity {
  if (chain.length === 0) return { companyId: user.companyId, userId: user.id };
  return { companyId: user.companyId, userId: user.id, chain: [...chain], ...(realUser ? { realUserId: realUser.id } : {}) };
}

/** A string equal exactly while the identity is: company, effective user, real user and chain. */
export function readerKey(which: ReaderIdentity | null): string {
  if (!which) return '';
  return [which.companyId, which.userId, which.realUserId ?? '', (which.chain ?? []).join('.')].join(':');
}

export const readerSession = proxy<{ early: ReaderIdentity | null; stopped: boolean }>({ early: null, stopped: false });

/** The replica to read: the sync session's, or before it starts the stored session's (none once stopped). */
export function readableReplica(syncSession: ReaderIdentity | null, state: { early: ReaderIdentity | null; stopped: boolean }): ReaderIdentity | null {
  if (syncSession) return syncSession;
  return state.stopped ? null : state.early;
}
