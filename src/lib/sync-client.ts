/**
 * The one place on the main thread that talks to the sync worker (STYLE.md). Creates the worker,
 * wraps it with comlink, and mirrors its status into a valtio store the shell reads
 * (online/offline, pending and failed counts, last synced, first-sync progress, blocking codes).
 */
import { proxy as comlinkProxy, transfer, wrap, type Remote } from 'comlink';
import { proxy } from 'valtio';
import { initialSyncStatus, type SyncSession, type SyncStatus } from '../domain/sync/status';
import { replicaName } from '../domain/sync/replica-schema';
import { dataKeyFor, onDataKeyChange } from './device-crypto/data-keys';
import { deviceId } from './device/device-id';
import type { SyncApi } from '../../workers/api';

export type { SyncSession, SyncStatus };

/** Sync status for the shell; read with valtio's useSnapshot (or useSyncStatus from ./replica/hooks). */
export const syncStore = proxy<SyncStatus & { session: SyncSession | null }>({ ...initialSyncStatus(), session: null });

/**
 * The worker's API as seen from here (squoosh style: the type only, wrapped with comlink). Every
 * namespace's methods answer promises: `syncApi().messages.send(input, extra)`.
 */
export type SyncRemote = Remote<SyncApi>;

let worker: Worker | null = null;
let remote: SyncRemote | null = null;
let subscription: number | null = null;

/** The worker's API (created on first use). Every call is async; await it (no floating promises). */
export function syncApi(): SyncRemote {
  if (!remote) {
    worker = new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'werkpad-sync' });
    remote = wrap<SyncApi>(worker);
    mirrorDataKeys();
  }
  return remote;
}

/** Hands the identity's data key, when the page holds it, to the worker: a copy transferred, the page keeps its own. */
async function handDataKey(api: SyncRemote, identity: string): Promise<void> {
  const raw = dataKeyFor(identity);
  if (!raw) return;
  const copy = new Uint8Array(raw);
  await api.keys.setDataKey(identity, transfer(copy, [copy.buffer]));
}

let mirrored = false;

/**
 * The worker holds the data key of the identity it syncs exactly while the page does (issue 36): a key the page
 * unlocks later (a start waits for it) goes over; one the page forgets (lock, sign-out) goes in the worker too.
 */
function mirrorDataKeys(): void {
  if (mirrored) return;
  mirrored = true;
  onDataKeyChange((identity, present) => {
    const api = remote;
    if (!api) return;
    const done = present ? handDataKey(api, identity) : api.keys.forget(identity);
    done.catch(() => undefined);
  });
}

let onlineForwarded = false;

/** Tells the worker when the page goes online or offline (see SyncApiContract.sync.setOnline). */
function forwardOnline(): void {
  if (onlineForwarded || typeof window === 'undefined') return;
  onlineForwarded = true;
  const forward = () => {
    if (remote && syncStore.session) void remote.sync.setOnline(navigator.onLine).catch(() => undefined);
  };
  window.addEventListener('online', forward);
  window.addEventListener('offline', forward);
}

function applyStatus(status: SyncStatus): void {
  Object.assign(syncStore, status);
}

/** After sign-in: open this user's replica, start syncing, follow the status. */
/** A plain copy for postMessage: valtio turns objects put in its store (and their arrays) into proxies, which cannot be cloned. */
function plainSession(session: SyncSession): SyncSession {
  return {
    companyId: session.companyId,
    userId: session.userId,
    identity: session.identity,
    chain: [...session.chain],
    ...(session.realUserId !== undefined ? { realUserId: session.realUserId } : {}),
    ...(session.baseUrl !== undefined ? { baseUrl: session.baseUrl } : {}),
  };
}

/**
 * `mayPush: false`: the session was opened offline and the server has not confirmed it; the worker
 * pulls but sends nothing until setMayPush(true) (issue 18).
 */
export async function startSync(session: SyncSession, options: { mayPush?: boolean } = {}): Promise<void> {
  const api = syncApi();
  const plain = plainSession(session);
  syncStore.session = plainSession(session);
  // Listening first: an online event while the worker starts must not be lost.
  forwardOnline();
  if (subscription === null) subscription = await api.sync.subscribe(comlinkProxy(applyStatus));
  // The worker names the device on every request, and opens the replica only with its data key (issue 36).
  await api.keys.adoptDevice(deviceId());
  await handDataKey(api, replicaName(plain));
  const status = await api.sync.start(plain, { online: navigator.onLine, mayPush: options.mayPush ?? true });
  applyStatus(status);
  // A dedicated worker gets no online events under Chromium's network emulation: a page that came
  // online (or went offline) while the worker started, when it had no engine to tell yet, would
  // otherwise leave it in the wrong state for good.
  if (status.online !== navigator.onLine) await api.sync.setOnline(navigator.onLine);
  // Ask the browser not to evict the replica (ARCHITECTURE.md); the answer does not block syncing.
  void navigator.storage?.persist?.().catch(() => false);
}

/** Opens the push gate once the page's session is confirmed by the server (or closes it). */
export async function setMayPush(allowed: boolean): Promise<void> {
  if (remote && syncStore.session) await remote.sync.setMayPush(allowed);
}

/** Sign-out: with `deleteReplica` the user's replica goes too (ask first when changes are pending). */
export async function stopSync(options: { deleteReplica: boolean }): Promise<void> {
  if (!remote) return;
  const session = syncStore.session;
  // A plain copy: postMessage cannot clone the valtio proxy.
  if (options.deleteReplica && session)
    await remote.sync.deleteReplica({
      companyId: session.companyId,
      userId: session.userId,
      chain: [...session.chain],
      ...(session.realUserId !== undefined ? { realUserId: session.realUserId } : {}),
    });
  else await remote.sync.stop();
  if (subscription !== null) await remote.sync.unsubscribe(subscription);
  subscription = null;
  syncStore.session = null;
  applyStatus(initialSyncStatus());
}

/** For tests and hot reload: end the worker. */
export function terminateSync(): void {
  worker?.terminate();
  worker = null;
  remote = null;
  subscription = null;
}
