import { proxy, subscribe } from 'valtio';
import type { Branding } from '../domain/shared/constants';
import type { AccessSession } from '../domain/navigation/access';
import { loadSessionFromServer } from '../lib/api/load-session';

export type SessionStatus = AccessSession['status'];

export interface SessionUser {
  id: number;
  username: string;
  givenName: string;
  surname: string;
  roleId: number;
  participantId: number | null;
  participantStatusId: number | null;
  companyId: number;
}

/** participantPortalVersion of the company settings (01 §3). */
export type ParticipantPortalVersion = 'standard' | 'government' | 'development_companies' | 'education';

/** What the shell shows of the user's company: name, branding and portal version. */
export interface SessionCompany {
  id: number;
  name: string;
  participantPortalVersion: ParticipantPortalVersion;
  branding: Branding | null;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Ids of impersonated users, oldest first (01 §4). Empty when not impersonating. */
  identityChain: number[];
  company: SessionCompany | null;
}

const STORAGE_KEY = 'werkpad.session';

function emptyState(status: SessionStatus): SessionState {
  return { status, user: null, identityChain: [], company: null };
}

function isSessionState(value: unknown): value is SessionState {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SessionState>;
  return candidate.status === 'signed-in' && typeof candidate.user === 'object' && candidate.user !== null && Array.isArray(candidate.identityChain);
}

/** Session state persists in browser session storage (01 §9): restored on reload, gone with the tab. */
function readStored(): SessionState | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionState(parsed) ? { ...emptyState('signed-in'), ...parsed } : null;
  } catch {
    return null;
  }
}

export const sessionStore = proxy<SessionState>(emptyState('unknown'));

subscribe(sessionStore, () => {
  try {
    if (sessionStore.status === 'signed-in') globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(sessionStore));
    else globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lives in memory only.
  }
});

export function setSession(next: Omit<SessionState, 'status'>): void {
  Object.assign(sessionStore, { status: 'signed-in', ...next } satisfies SessionState);
}

export function clearSession(): void {
  Object.assign(sessionStore, emptyState('anonymous'));
}

/**
 * Loads the session state (user, identity chain, company) for the current cookie with the `me` query
 * (src/lib/api/load-session.ts). Offline, it restores what session storage holds.
 */
export async function refreshSession(): Promise<void> {
  const stored = readStored();
  const loaded = await loadSessionFromServer();
  if (loaded.kind === 'signed-in') {
    setSession(loaded.session);
    return;
  }
  if (loaded.kind === 'offline' && stored) Object.assign(sessionStore, stored);
  else clearSession();
}

/** Resolves an unknown session once; route guards await this before deciding. */
export async function ensureSession(): Promise<SessionState> {
  if (sessionStore.status === 'unknown') await refreshSession();
  return sessionStore;
}

/**
 * Signs out. STUB: asks the server to end the session (POST /api/oauth/logout, 01 §7) and clears
 * the local state; impersonation-aware logout and store clean-up come with the sign-in work.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/oauth/logout', { method: 'POST', credentials: 'include' });
  } catch {
    // Offline: the local session is cleared anyway.
  }
  clearSession();
}
