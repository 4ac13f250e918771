import { subscribe } from 'valtio';
import { sessionStore } from '../../app/session-store';
import { onSignedOut, type SignedOutReason } from '../../lib/api/session-events';
import { reportError } from '../../lib/error-reporting';
import { closeReplicaReader } from '../../lib/replica/replica-db';
import { readerSession } from '../../lib/replica/reader-session';
import { setMayPush, startSync, stopSync, syncApi, syncStore } from '../../lib/sync-client';
import { identityKey } from '../../domain/sync/status';
import { replicaName } from '../../domain/sync/replica-schema';
import { replicaFateOnSignOut } from './sign-out-flow';
import { announce, onIdentityMessage, type IdentityMessage } from './identity-channel';
import { forgetReplicas, listReplicas, rememberReplica, replicasOfSession } from './replica-registry';

/** Per-user keys the shell keeps in localStorage (the cached main menu). */
const USER_STORAGE_PREFIXES = ['werkpad.navigation.'];

/** The sync status code when another tab made this session someone else's (server/sync/identity.ts). */
export const IDENTITY_CHANGED = 'identity_changed';

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

/** The identity this tab syncs as, and the signed-in (not impersonated) user's identity it came from. */
let following: string | null = null;
let root: string | null = null;
/** Whether the worker may push: the session is not one opened offline that the server has yet to confirm. */
let pushAllowed = true;
/** Another tab took the session over: this tab syncs nothing until it is reloaded. */
let suspended = false;

/**
 * At sign-in: replicas of earlier sessions on this device that nobody signed out of (they expired).
 * Empty ones go; one with unsent changes stays until its user signs in again, when the changes are
 * sent (the same replica is opened again), or is deleted with that user's sign-out.
 */
async function removeLeftBehind(current: string): Promise<void> {
  const others = listReplicas().filter((e) => e.name !== current && e.root !== root && e.identity !== root);
  for (const entry of others) {
    if ((await syncApi().sync.unsentIn(entry.name)) > 0) continue;
    await syncApi().sync.deleteReplicas([entry.name]);
    forgetReplicas([entry.name]);
  }
}

function follow(): void {
  const user = sessionStore.status === 'signed-in' ? sessionStore.user : null;
  if (!user || suspended) return;
  const chain = [...sessionStore.identityChain];
  const identity = identityKey(user.companyId, user.id, chain);
  const mayPush = sessionStore.unlockedOffline !== true;
  if (identity === following) {
    // The server confirmed the session opened offline (session-store.ts): what waited may go out now.
    if (mayPush !== pushAllowed) {
      pushAllowed = mayPush;
      setMayPush(mayPush).catch(reportError);
    }
    return;
  }
  pushAllowed = mayPush;
  following = identity;
  const name = replicaName({ companyId: user.companyId, userId: user.id });
  const signedIn = chain.length === 0;
  root = signedIn ? identity : (root ?? listReplicas().find((e) => e.name === name)?.root ?? identity);
  rememberReplica({ name, companyId: user.companyId, userId: user.id, identity, root, openedAt: Date.now() });
  announce({ type: 'identity', identity });
  startSync({ companyId: user.companyId, userId: user.id, identity, chain }, { mayPush })
    .then(() => (signedIn ? removeLeftBehind(name) : undefined))
    .catch((error: unknown) => {
      following = null;
      reportError(error);
    });
}

/**
 * Another tab signed in as someone else, changed impersonation, or signed out: stop syncing here at
 * once (the outbox stays in the replica) and tell the user; a reload picks up the session as it is now.
 */
async function suspend(): Promise<void> {
  if (suspended || following === null) return;
  suspended = true;
  following = null;
  // Screens stop reading (also the stored session's replica, reader-session.ts) before the reader closes.
  readerSession.stopped = true;
  syncStore.session = null;
  closeReplicaReader();
  try {
    await stopSync({ deleteReplica: false });
  } catch (error) {
    reportError(error);
  }
  syncStore.state = 'blocked';
  syncStore.blockedCode = IDENTITY_CHANGED;
}

function onOtherTab(message: IdentityMessage): void {
  if (message.type === 'identity' && following !== null && message.identity !== following) void suspend();
  if (message.type === 'signed-out' && following !== null) void suspend();
}

/** Sign-out listener: stop syncing, then delete the replicas of the session and the caches (online or offline). */
export async function endSyncSession(reason: SignedOutReason): Promise<void> {
  // A plain copy: the store's object is a valtio proxy, which postMessage cannot clone.
  const session = syncStore.session ? { companyId: syncStore.session.companyId, userId: syncStore.session.userId } : null;
  const fate = replicaFateOnSignOut(reason, syncStore);
  const sessionRoot = root;
  following = null;
  root = null;
  // Screens stop reading first: a liveQuery on a closed reader would open (and so re-create) the database.
  // The stored session's reader (reader-session.ts) goes too, in case the session store still names it.
  readerSession.early = null;
  syncStore.session = null;
  closeReplicaReader();
  const names = fate === 'delete' ? [...new Set([...(sessionRoot ? replicasOfSession(sessionRoot).map((e) => e.name) : []), ...(session ? [replicaName(session)] : [])])] : [];
  if (sessionRoot) announce({ type: 'signed-out', root: sessionRoot, replicas: names });
  try {
    if (session && fate === 'delete') await syncApi().sync.deleteReplica(session);
    if (names.length > 0) await syncApi().sync.deleteReplicas(names);
    forgetReplicas(names);
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
 * listener stops it and deletes the user's data; another tab taking the session over stops it.
 * Call once at start-up.
 */
export function installSyncSession(): void {
  if (installed) return;
  installed = true;
  subscribe(sessionStore, follow);
  onSignedOut(endSyncSession);
  onIdentityMessage(onOtherTab);
  follow();
}
