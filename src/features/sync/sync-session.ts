import { subscribe } from 'valtio';
import { sessionStore } from '../../app/session-store';
import { onSignedOut, type SignedOutReason } from '../../lib/api/session-events';
import { reportError } from '../../lib/error-reporting';
import { closeReplicaReader } from '../../lib/replica/replica-db';
import { startSync, stopSync, syncApi, syncStore } from '../../lib/sync-client';
import { replicaFateOnSignOut } from './sign-out-flow';
import { identityKey } from '../../domain/sync/status';

/** Per-user keys the shell keeps in localStorage (the cached main menu). */
const USER_STORAGE_PREFIXES = ['werkpad.navigation.'];

/**
 * Deletes what this device keeps of the signed-out user besides the replica: Cache Storage
 * entries other than the app shell (workbox's precache holds no user data) and per-user
 * localStorage entries.
 */
export async function clearUserCaches(): Promise<void> {
  try {
    const store = globalThis.caches;
    if (store) {
      const names = await store.keys();
      await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => store.delete(name)));
    }
  } catch {
    // Cache Storage unavailable (private mode): nothing to clear.
  }
  try {
    const storage = globalThis.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
    for (const key of keys) if (USER_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) storage.removeItem(key);
  } catch {
    // localStorage unavailable: nothing to clear.
  }
}

let following: string | null = null;

function follow(): void {
  const user = sessionStore.status === 'signed-in' ? sessionStore.user : null;
  if (!user) return;
  const chain = [...sessionStore.identityChain];
  const identity = identityKey(user.companyId, user.id, chain);
  if (identity === following) return;
  following = identity;
  startSync({ companyId: user.companyId, userId: user.id, identity, chain }).catch((error: unknown) => {
    following = null;
    reportError(error);
  });
}

/** Sign-out listener: stop syncing, then delete the replica and caches (online or offline). */
export async function endSyncSession(reason: SignedOutReason): Promise<void> {
  following = null;
  // A plain copy: the store's object is a valtio proxy, which postMessage cannot clone.
  const session = syncStore.session ? { companyId: syncStore.session.companyId, userId: syncStore.session.userId } : null;
  const fate = replicaFateOnSignOut(reason, syncStore);
  // Screens stop reading first: a liveQuery on a closed reader would open (and so re-create) the database.
  syncStore.session = null;
  closeReplicaReader();
  try {
    if (session && fate === 'delete') await syncApi().sync.deleteReplica(session);
    await stopSync({ deleteReplica: false });
  } catch (error) {
    reportError(error);
  }
  if (fate === 'delete') await clearUserCaches();
}

let installed = false;

/**
 * Starts the sync client when a user signs in (or the session is restored on reload, also
 * offline) and switches replica when the user or company changes (impersonation); the sign-out
 * listener stops it and deletes the user's data. Call once at start-up.
 */
export function installSyncSession(): void {
  if (installed) return;
  installed = true;
  subscribe(sessionStore, follow);
  onSignedOut(endSyncSession);
  follow();
}
