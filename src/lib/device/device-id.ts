/**
 * This browser profile's device id (issue 36): a random UUID made on first use and kept in localStorage
 * `werkpad.deviceId`. Every request to the server names it (`x-werkpad-device`), so the server can list the
 * organisation's devices, revoke one and tell it to wipe itself. It identifies the profile, not the person.
 * Works in the page and in the worker (the worker is handed the id by the page: workers have no localStorage).
 */
export const DEVICE_ID_KEY = 'werkpad.deviceId';
export const DEVICE_HEADER = 'x-werkpad-device';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let cached: string | null = null;

/** The device id; made and stored on first call in a context with localStorage. */
export function deviceId(): string {
  if (cached) return cached;
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  const kept = storage?.getItem(DEVICE_ID_KEY) ?? null;
  if (kept && UUID.test(kept)) return (cached = kept);
  const made = crypto.randomUUID();
  storage?.setItem(DEVICE_ID_KEY, made);
  return (cached = made);
}

/** For the worker: the id the page handed over. */
export function adoptDeviceId(id: string): void {
  if (UUID.test(id)) cached = id;
}

/** Forgets the id (a wiped device starts as a new one). */
export function forgetDeviceId(): void {
  cached = null;
  if (typeof localStorage !== 'undefined') localStorage.removeItem(DEVICE_ID_KEY);
}
