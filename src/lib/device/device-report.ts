import { subscribe } from 'valtio';
import { replicaName } from '../../domain/sync/replica-schema';
import { noteOfflineCap } from './offline-cap';
import { sessionStore } from '../session/session-store';
import { syncStore } from '../sync-client';
import { jsonBody, restJson } from '../api/client';

/** POST /api/devices/current: this device's unsent rows; answers the company's cap on offline days. */
function reportDevice(unsent: number): Promise<{ offlineCapDays: number }> {
  return restJson<{ offlineCapDays: number }>('/api/devices/current', jsonBody({ unsent }));
}

/**
 * The device's report after each sync (issue 36): the count of its unsent rows (pending, failed and conflicting,
 * as the sync status counts them) goes to POST /api/devices/current, which the device lists show, and the answer
 * is the company's cap on offline days, kept for the offline cap (src/lib/device/offline-cap.ts). Sent when a sync
 * ends with another count than the last report, and at most every REPORT_EVERY_MS otherwise; only for a session the
 * server confirmed, and never while impersonating (the cap is the user's own).
 */
const REPORT_EVERY_MS = 5 * 60_000;
let last: { key: string; at: number } | null = null;
let sending = false;

function maybeReport(): void {
  const user = sessionStore.user;
  if (sending || sessionStore.status !== 'signed-in' || !user || sessionStore.unlockedOffline || sessionStore.identityChain.length > 0) return;
  if (syncStore.state !== 'idle' || !syncStore.online) return;
  const unsent = syncStore.pending + syncStore.failed + syncStore.conflicts;
  const identity = replicaName({ companyId: user.companyId, userId: user.id });
  const key = `${identity}:${unsent}`;
  const now = Date.now();
  if (last && last.key === key && now - last.at < REPORT_EVERY_MS) return;
  sending = true;
  last = { key, at: now };
  reportDevice(unsent)
    .then((answer) => noteOfflineCap(identity, answer.offlineCapDays))
    .catch(() => {
      // Offline or refused: the next sync tries again (a refusal is handled by the error catalogue).
      last = null;
    })
    .finally(() => {
      sending = false;
    });
}

let installed = false;

/** Call once at start-up. */
export function installDeviceReport(): void {
  if (installed) return;
  installed = true;
  subscribe(syncStore, maybeReport);
}
