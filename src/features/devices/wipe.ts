import { apiFetch } from '../../lib/api/client';
import { forgetAllDataKeys } from '../../lib/device-crypto/data-keys';
import { DEVICE_HEADER, deviceId, forgetDeviceId } from '../../lib/device/device-id';
import { closeReplicaReader } from '../../lib/replica/replica-db';
import { terminateSync } from '../../lib/sync-client';

/**
 * The wipe of a revoked device (issue 36; docs/decisions-offline-unlock.md, "Devices, revocation and wipe"):
 * the server answered device_revoked, so every IndexedDB database whose name starts with `werkpad` goes (every
 * identity's replica, outbox, queued files, drafts and figures), every localStorage and sessionStorage key
 * starting with `werkpad.` (verifiers, keyring, locks, the device id), and the data keys in the page and the
 * worker (the worker is ended). The service worker and its precached shell stay. The device reports the wipe
 * (POST /api/devices/wiped, audited), then the page that says why opens on a fresh load.
 */
export const WIPED_PATH = '/apparaat-ingetrokken';
const WIPE_PREFIX = 'werkpad';
const STORAGE_PREFIX = 'werkpad.';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab still holds it open: the deletion completes when that tab closes it (its own wipe does).
    request.onblocked = () => resolve();
  });
}

/** The names of every IndexedDB database of the app on this device. */
export async function werkpadDatabases(): Promise<string[]> {
  const all = (await indexedDB.databases?.()) ?? [];
  return all.map((db) => db.name ?? '').filter((name) => name.startsWith(WIPE_PREFIX));
}

function clearStorage(storage: Storage | undefined): void {
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key !== null);
  for (const key of keys) if (key.startsWith(STORAGE_PREFIX)) storage.removeItem(key);
}

let wiping: Promise<void> | null = null;

/** Wipes the device once, however many requests were refused at the same moment. */
export function wipeDevice(): Promise<void> {
  wiping ??= (async () => {
    const id = deviceId();
    forgetAllDataKeys();
    closeReplicaReader();
    // The worker holds the replica open and the identity's key in memory: it ends.
    terminateSync();
    for (const name of await werkpadDatabases().catch(() => [])) await deleteDatabase(name);
    try {
      clearStorage(globalThis.localStorage);
      clearStorage(globalThis.sessionStorage);
    } catch {
      // Storage unavailable: nothing kept there.
    }
    forgetDeviceId();
    // The report names the revoked id once more (the server answers every other request device_revoked).
    await apiFetch('/api/devices/wiped', { method: 'POST', headers: { [DEVICE_HEADER]: id } }).catch(() => undefined);
    globalThis.location.replace(WIPED_PATH);
  })();
  return wiping;
}
