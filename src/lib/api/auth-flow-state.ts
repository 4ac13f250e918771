import type { NextStep } from '../../domain/auth/error-codes';
import type { SessionNotice } from './error-catalogue';

const NEXT_KEY = 'werkpad.auth.next';
const NOTICE_KEY = 'werkpad.auth.notice';
const STEPS: readonly NextStep[] = ['mfa_setup_required', 'mfa_validation_required', 'password_change_required'];
const NOTICES: readonly SessionNotice[] = ['expired', 'maintenance', 'mfaAttempts', 'noCurrentUser', 'inactivity'];

function read(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Storage unavailable: the state lives for this page only.
  }
}

/** Reads the `next` list of a sign-in or second-factor answer, keeping only known steps. */
export function parseNextSteps(body: unknown): NextStep[] {
  if (typeof body !== 'object' || body === null || !('next' in body)) return [];
  const next: unknown = body.next;
  return Array.isArray(next) ? STEPS.filter((step) => next.includes(step)) : [];
}

/** What the user still owes after signing in (kept for the tab, so a reload cannot skip the password change). */
export function pendingSteps(): NextStep[] {
  const raw = read(NEXT_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? STEPS.filter((step) => parsed.includes(step)) : [];
  } catch {
    return [];
  }
}

export function setPendingSteps(steps: readonly NextStep[]): void {
  write(NEXT_KEY, steps.length > 0 ? JSON.stringify(steps) : null);
}

export function completeStep(step: NextStep): void {
  setPendingSteps(pendingSteps().filter((s) => s !== step));
}

export function passwordChangePending(): boolean {
  return pendingSteps().includes('password_change_required');
}

/** A notice for the Login page, set when a session ends somewhere the Login route cannot see (a guard, a reload). */
export function setSessionNotice(notice: SessionNotice | null): void {
  write(NOTICE_KEY, notice);
}

export function peekSessionNotice(): SessionNotice | null {
  const value = read(NOTICE_KEY);
  return NOTICES.find((notice) => notice === value) ?? null;
}

export function takeSessionNotice(): SessionNotice | null {
  const notice = peekSessionNotice();
  write(NOTICE_KEY, null);
  return notice;
}

export function isSessionNotice(value: unknown): value is SessionNotice {
  return typeof value === 'string' && (NOTICES as readonly string[]).includes(value);
}
