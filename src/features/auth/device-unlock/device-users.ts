import type { SessionCompany, SessionUser } from '../../../lib/session/session-store';
import { FIRST_DELAY_MS, type FailureRecord } from './attempts';
import { isPasswordVerifier, type PasswordVerifier } from './verifier';

/**
 * What the device keeps, per user who signed in on it, to open offline after a restart: which
 * user and company (the replica is theirs), what the shell shows of them, the password verifier
 * and the wrong tries since the last success. localStorage: it survives the browser.
 */
export interface DeviceUser extends FailureRecord {
  user: SessionUser;
  company: SessionCompany | null;
  verifier: PasswordVerifier;
  /** The user completed two-step on this device when the verifier was made (the device is the second factor). */
  secondFactor: boolean;
  /** What the verifier was made from: the password (absent, older entries) or the device PIN of an SSO-only user. */
  secret?: 'password' | 'pin';
  savedAt: number;
}

const STORAGE_KEY = 'werkpad.deviceUsers';
/** A browser may shorten the delays (tests, demos), never lengthen or drop them: `{"firstDelayMs": 200}`. */
const TUNING_KEY = 'werkpad.offlineUnlock';

function isDeviceUser(value: unknown): value is DeviceUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<DeviceUser>;
  return (
    typeof v.user === 'object' &&
    v.user !== null &&
    typeof v.user.id === 'number' &&
    typeof v.user.companyId === 'number' &&
    isPasswordVerifier(v.verifier) &&
    typeof v.failures === 'number' &&
    (v.secret === undefined || v.secret === 'password' || v.secret === 'pin') &&
    (v.lastFailureAt === null || typeof v.lastFailureAt === 'number')
  );
}

export function readDeviceUsers(): DeviceUser[] {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isDeviceUser) : [];
  } catch {
    return [];
  }
}

function writeDeviceUsers(users: readonly DeviceUser[]): void {
  try {
    if (users.length === 0) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(users));
  } catch {
    // Storage unavailable (private mode, full): this device cannot open offline.
  }
}

export function findDeviceUser(userId: number): DeviceUser | null {
  return readDeviceUsers().find((u) => u.user.id === userId) ?? null;
}

/** Adds or replaces the user's entry (one per user id). */
export function saveDeviceUser(entry: DeviceUser): void {
  writeDeviceUsers([...readDeviceUsers().filter((u) => u.user.id !== entry.user.id), entry]);
}

export function updateDeviceUser(userId: number, patch: (entry: DeviceUser) => DeviceUser): DeviceUser | null {
  const users = readDeviceUsers();
  const index = users.findIndex((u) => u.user.id === userId);
  const found = users[index];
  if (!found) return null;
  const next = patch(found);
  users[index] = next;
  writeDeviceUsers(users);
  return next;
}

export function removeDeviceUser(userId: number): void {
  const users = readDeviceUsers();
  if (users.some((u) => u.user.id === userId)) writeDeviceUsers(users.filter((u) => u.user.id !== userId));
}

/** The first delay after the free tries: the product's, or shorter when this browser asks for it. */
export function firstDelayMs(): number {
  try {
    const raw = globalThis.localStorage?.getItem(TUNING_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const wanted = typeof parsed === 'object' && parsed !== null && 'firstDelayMs' in parsed ? Number(parsed.firstDelayMs) : NaN;
    return Number.isFinite(wanted) && wanted > 0 ? Math.min(wanted, FIRST_DELAY_MS) : FIRST_DELAY_MS;
  } catch {
    return FIRST_DELAY_MS;
  }
}
