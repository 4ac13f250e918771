import { subscribe } from 'valtio';
import { checkSessionInBackground, lockSignedInSession, sessionStore } from '../../lib/session/session-store';
import { dataKeyFor, forgetAllDataKeys, onDataKeyChange } from '../../lib/device-crypto/data-keys';
import { passwordChangePending } from '../../lib/api/auth-flow-state';
import { ensureSessionKey, takeNewDataKeyMark, unlocksSettled } from '../../lib/device-crypto/session-keys';
import { lockStore } from '../../lib/api/session-lock';
import { identityDatabaseNames } from '../../lib/device-crypto/identity-databases';
import { forgetKeyring } from '../../lib/device-crypto/keyring';
import { onSignedOut, type SignedOutReason } from '../../lib/api/session-events';
import { reportError } from '../../lib/error-reporting';
import { closeReplicaReader } from '../../lib/replica/replica-db';
import { setMayPush, startSync, stopSync, syncApi, syncStore } from '../../lib/sync-client';
import { identityKey } from '../../domain/sync/status';
import { replicaName } from '../../domain/sync/replica-schema';
import { rowIdentityKey } from '../../domain/sync/row-identity';
import { readerIdentityOf, readerSession } from '../../lib/replica/reader-session';
import { replicaFateOnSignOut, takeSignOutChoice, unsentTotal, type UnsentCounts } from './sign-out-flow';
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

/**
 * Starting and stopping for a screen lock run one after the other: a lock that comes while the sync
 * is still starting (a reload whose session check answers first) stops it only once it has started,
 * and the start after unlocking waits for that stop.
 */
let sequence: Promise<unknown> = Promise.resolve();
/** The sync was stopped for a lock: when it starts again, a worker still blocked by the dead session resumes. */
let pausedForLock = false;

/**
 * The screen locked (src/lib/api/session-lock.ts): stop syncing, keep the replica and its outbox. Nothing
 * is pushed until the same user has signed in again (then follow() starts the same replica again).
 */
function pauseForLock(): void {
  // The data keys go at once, in the page and (mirrored by sync-client) in the worker (issue 36).
  forgetAllDataKeys();
  if (following === null) return;
  following = null;
  pausedForLock = true;
  sequence = sequence.then(() => stopSync({ deleteReplica: false })).catch(reportError);
}

/**
 * The identity's data key before its sync starts (issue 36): held (unlocked with the password, PIN or authenticator),
 * else the device share of the live session opens it (a reload or restart online), else a new one for a first start.
 * A sign-in still deriving its password's key is waited for. Without a key only the user can open the data: the
 * screen locks, and its password or PIN (offline too) opens it.
 */
async function keyForStart(name: string, identity: string): Promise<boolean> {
  if (dataKeyFor(name)) {
    // Held since an offline unlock: the device wrap is added once the share can be fetched.
    void ensureSessionKey(name).catch(reportError);
    return true;
  }
  await unlocksSettled();
  if (!dataKeyFor(name)) await ensureSessionKey(name);
  if (!dataKeyFor(name) && passwordChangePending()) {
    // The server hands no share before the forced password change (password_change_required): that is not a
    // session end. The change wraps the key (refreshPasswordVerifier), and the sync starts when it arrives.
    startWhenKeyArrives(name, identity);
    return false;
  }
  if (!dataKeyFor(name)) {
    lockSignedInSession('expired');
    return false;
  }
  await dropUnreadableReplica(name);
  return true;
}

/** The identity whose sync waits for its key after a forced password change, and the wait's end. */
let waitingForKey: { name: string; stop: () => void } | null = null;

/** Follows the session again once the identity's key is here (the start above gave up without locking). */
function startWhenKeyArrives(name: string, identity: string): void {
  if (following === identity) following = null;
  if (waitingForKey?.name === name) return;
  waitingForKey?.stop();
  const stop = onDataKeyChange((changed, present) => {
    if (changed !== name || !present) return;
    stop();
    if (waitingForKey?.name === name) waitingForKey = null;
    follow();
  });
  waitingForKey = { name, stop };
}

/**
 * A new data key (nothing on the device could open the old one, issue 36): the rows sealed with the old key no longer
 * open. With no unsent row, every database of the identity goes before the sync starts, and the sync pulls it all
 * again. With unsent rows (or an outbox that cannot be counted) it is kept: they are never deleted silently
 * (docs/decisions-offline-unlock.md, "The key hierarchy").
 */
export async function dropUnreadableReplica(name: string): Promise<'dropped' | 'kept' | 'none'> {
  if (!takeNewDataKeyMark(name)) return 'none';
  if (unsentTotal(await unsentOf(name)) > 0) return 'kept';
  // Screens stop reading the old databases first (as at sign-out), then they go.
  closeReplicaReader();
  await syncApi().sync.deleteReplicas(identityDatabaseNames(name));
  return 'dropped';
}

function follow(): void {
  if (lockStore.lock) {
    pauseForLock();
    return;
  }
  const user = sessionStore.status === 'signed-in' ? sessionStore.user : null;
  if (!user || suspended) return;
  const chain = [...sessionStore.identityChain];
  // While impersonating, the effective user is the chain's last id; between the chain's change and the
  // `me` answer the store holds both identities' halves: open nothing under that mixed identity.
  if (chain.length > 0 && chain[chain.length - 1] !== user.id) return;
  const identity = identityKey(user.companyId, user.id, chain);
  const mayPush = sessionStore.unlockedOffline !== true;
  if (identity === following) {
    // The server confirmed the session opened offline (session-store.ts): what waited may go out now.
    if (mayPush !== pushAllowed) {
      pushAllowed = mayPush;
      setMayPush(mayPush).catch(reportError);
      // Opened offline (always the user's own session), now confirmed: the key gets its device wrap (issue 36).
      if (mayPush) void ensureSessionKey(replicaName({ companyId: user.companyId, userId: user.id })).catch(reportError);
    }
    return;
  }
  const signedIn = chain.length === 0;
  const reader = readerIdentityOf(user, chain, sessionStore.realUser ?? realUserOfRoot(root ?? listReplicas().find((e) => e.identity === identity)?.root));
  // While impersonating, the replica and the rows' identity need the real user: wait for the session
  // store to learn it (the `me` answer) rather than open a replica without it.
  if (!signedIn && reader.realUserId === undefined) return;
  pushAllowed = mayPush;
  following = identity;
  const name = replicaName(reader);
  root = signedIn ? identity : (root ?? listReplicas().find((e) => e.name === name)?.root ?? identity);
  const realUserId = reader.realUserId ?? (signedIn ? user.id : undefined);
  const who = [user.givenName, user.surname].filter(Boolean).join(' ') || user.username;
  const realName = sessionStore.realUser?.name;
  rememberReplica({
    name,
    companyId: user.companyId,
    userId: user.id,
    identity,
    root,
    openedAt: Date.now(),
    label: !signedIn && realName ? `${who} (${realName})` : who,
    ...(realUserId !== undefined ? { rowIdentity: rowIdentityKey({ companyId: user.companyId, realUserId, chain }) } : {}),
  });
  announce({ type: 'identity', identity });
  const resume = pausedForLock;
  pausedForLock = false;
  const start = async () => {
    if (!(await keyForStart(name, identity))) return;
    await startSync({ companyId: user.companyId, userId: user.id, identity, chain, ...(realUserId !== undefined ? { realUserId } : {}) }, { mayPush });
    // The session is confirmed again: whatever the worker was refused under the dead one no longer holds.
    if (resume) await syncApi().sync.resume();
  };
  const started = sequence.then(start);
  sequence = started.catch(() => undefined);
  started
    .then(() => (signedIn ? removeLeftBehind(name) : undefined))
    .catch((error: unknown) => {
      following = null;
      reportError(error);
    });
}

/** The real user's id from a signed-in identity (`company:user:`), the root an impersonation started from. */
function realUserOfRoot(key: string | null | undefined): { id: number } | null {
  const id = Number(key?.split(':')[1]);
  return key && Number.isSafeInteger(id) && id > 0 ? { id } : null;
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

/** Unsent rows of a replica, from its outbox; unreadable counts as unsent (then nothing is deleted). */
async function unsentOf(name: string): Promise<UnsentCounts> {
  try {
    return await syncApi().sync.unsentCountsIn(name);
  } catch (error) {
    reportError(error);
    return { pending: 1, sending: 0, failed: 0, conflict: 0 };
  }
}

/**
 * Sign-out listener: stop syncing, then delete the replicas of the session whose fate is "delete"
 * (replicaFateOnSignOut: only an explicit sign-out deletes, and only a replica with nothing unsent;
 * "discard" deleted exactly the listed rows before, so a row queued since keeps it), and the caches
 * (online or offline).
 */
export async function endSyncSession(reason: SignedOutReason): Promise<void> {
  // A plain copy: the store's object is a valtio proxy, which postMessage cannot clone.
  const running = syncStore.session;
  const session = running
    ? {
        companyId: running.companyId,
        userId: running.userId,
        ...((running.chain ?? []).length > 0 ? { chain: [...running.chain], ...(running.realUserId !== undefined ? { realUserId: running.realUserId } : {}) } : {}),
      }
    : null;
  const current = session ? replicaName(session) : null;
  // The question listed the rows of the replica in use only: its choice applies there alone. Other
  // replicas of the session (an impersonation whose changes were kept when it was left) are judged by
  // their own outbox, so their rows stay until their chain is active again.
  const choice = reason === 'logout' ? takeSignOutChoice() : null;
  const sessionRoot = root;
  following = null;
  root = null;
  // Nothing stays unlocked after a sign-out (issue 36): the page's keys, and the worker's through sync-client.
  forgetAllDataKeys();
  // Screens stop reading first: a liveQuery on a closed reader would open (and so re-create) the database.
  // The stored session's reader (reader-session.ts) goes too, in case the session store still names it.
  readerSession.early = null;
  syncStore.session = null;
  closeReplicaReader();
  const candidates = [...new Set([...(sessionRoot ? replicasOfSession(sessionRoot).map((e) => e.name) : []), ...(current ? [current] : [])])];
  const names: string[] = [];
  try {
    // Stopped first: the outbox is counted as it stays, with no push or enqueue of this tab under way.
    await stopSync({ deleteReplica: false });
    for (const name of candidates) {
      if (replicaFateOnSignOut(reason, await unsentOf(name), name === current ? choice : null) === 'delete') names.push(name);
    }
  } catch (error) {
    reportError(error);
  }
  if (sessionRoot) announce({ type: 'signed-out', root: sessionRoot, replicas: names });
  try {
    // Every database of each identity goes (its drafts and figures too) and its wrapped keys (issue 36).
    if (names.length > 0) await syncApi().sync.deleteReplicas(names.flatMap(identityDatabaseNames));
    for (const name of names) forgetKeyring(name);
    forgetReplicas(names);
  } catch (error) {
    reportError(error);
  }
  // Per-user caches (the menu, Cache Storage) go with any sign-out; a kept replica is the user's work, not a cache.
  if (reason === 'logout' || names.length > 0) await clearUserCaches();
}

/** The worker was refused for the session (expired, revoked, maintenance): ask the server, which locks the screen. */
let lastBlocked: string | null = null;
function onSyncBlocked(): void {
  const code = syncStore.blockedCode;
  if (code === lastBlocked) return;
  lastBlocked = code;
  // session_locked and device_revoked (issue 36): the page's own check locks the screen or wipes the device.
  if (code === 'token_expired' || code === 'access_denied' || code === 'no_current_user' || code === 'maintenance_mode_enabled' || code === 'session_locked' || code === 'device_revoked') {
    if (sessionStore.status === 'signed-in' && !lockStore.lock) void checkSessionInBackground().catch(reportError);
  }
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
  subscribe(lockStore, follow);
  subscribe(syncStore, onSyncBlocked);
  onSignedOut(endSyncSession);
  onIdentityMessage(onOtherTab);
  follow();
}
