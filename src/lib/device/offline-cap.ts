import { OFFLINE_CAP_DEFAULT_DAYS, OFFLINE_CAP_MAX_DAYS, OFFLINE_CAP_MIN_DAYS } from '../../domain/devices/offline-cap';

/**
 * What the device remembers for the offline cap (issue 36; docs/decisions-offline-unlock.md, "The offline
 * cap"), per identity (the replica's name): when the server last confirmed a session of it, and the cap on
 * offline days its company set (POST /api/devices/current answers it). localStorage `werkpad.offlineCap`.
 */
export const OFFLINE_CAP_KEY = 'werkpad.offlineCap';
const DAY_MS = 24 * 60 * 60_000;

export interface OfflineCapEntry {
  confirmedAt: number;
  capDays: number;
}

function readAll(): Record<string, OfflineCapEntry> {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(OFFLINE_CAP_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, OfflineCapEntry>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, OfflineCapEntry>): void {
  try {
    globalThis.localStorage?.setItem(OFFLINE_CAP_KEY, JSON.stringify(all));
  } catch {
    // Storage unavailable: the cap is judged from what was kept before.
  }
}

const validCap = (days: unknown): days is number =>
  typeof days === 'number' && Number.isInteger(days) && days >= OFFLINE_CAP_MIN_DAYS && days <= OFFLINE_CAP_MAX_DAYS;

export function offlineCapOf(identity: string): OfflineCapEntry | null {
  const entry = readAll()[identity];
  return entry && typeof entry.confirmedAt === 'number' ? { confirmedAt: entry.confirmedAt, capDays: validCap(entry.capDays) ? entry.capDays : OFFLINE_CAP_DEFAULT_DAYS } : null;
}

/** The server confirmed a session of this identity now (a `me` answer, a sign-in). */
export function noteSessionConfirmed(identity: string, now: number = Date.now()): void {
  const all = readAll();
  // Once a minute is enough for a cap counted in days (and a start-up's repeated answers write nothing).
  const last = all[identity]?.confirmedAt;
  if (typeof last === 'number' && now - last >= 0 && now - last < 60_000) return;
  all[identity] = { confirmedAt: now, capDays: validCap(all[identity]?.capDays) ? all[identity].capDays : OFFLINE_CAP_DEFAULT_DAYS };
  writeAll(all);
}

/** The company's cap as the server last told it. */
export function noteOfflineCap(identity: string, capDays: number): void {
  if (!validCap(capDays)) return;
  const all = readAll();
  all[identity] = { confirmedAt: all[identity]?.confirmedAt ?? Date.now(), capDays };
  writeAll(all);
}

/**
 * Whether offline unlock is still allowed for the identity: the last confirmation is no more than the cap's
 * days ago. Never confirmed on this device (an entry older than this rule): allowed, judged from the next one.
 * A confirmation in the future (a clock set back) counts as now.
 */
export function withinOfflineCap(identity: string, now: number = Date.now()): boolean {
  const entry = offlineCapOf(identity);
  if (!entry) return true;
  return now - Math.min(entry.confirmedAt, now) <= entry.capDays * DAY_MS;
}
