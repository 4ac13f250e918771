import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { ACCESS_TOKEN_COOKIE } from '../../src/domain/shared/constants';
import { authSettingsFromEnv, type AuthSettings } from './settings';
import { forgetSession, forgetUser } from './session-cache';

/** How long an access token lives without use (sliding); see AuthSettings.sessionTtlMs. */
export const SESSION_TTL_MS = authSettingsFromEnv().sessionTtlMs;

/** Only the SHA-256 of a token is ever stored (sessions, e-mailed links). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh random token: 256 bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

/** Starts a session for a user: a fresh random token every time; only its hash is stored. */
export async function createSession(
  db: Queryable,
  user: { id: number; companyId: number },
  meta: { ip?: string | undefined; userAgent?: string | undefined; mfaValidated?: boolean } = {},
  settings: Pick<AuthSettings, 'sessionTtlMs' | 'sessionMaxMs' | 'now'> = authSettingsFromEnv(),
): Promise<NewSession> {
  const token = newToken();
  const now = settings.now();
  const maxExpiresAt = new Date(now.getTime() + settings.sessionMaxMs);
  const expiresAt = new Date(Math.min(now.getTime() + settings.sessionTtlMs, maxExpiresAt.getTime()));
  const sessionId = hashToken(token);
  await db.query(
    `INSERT INTO sessions (id, user_id, company_id, created_at, last_seen_at, expires_at, max_expires_at, mfa_validated, ip, user_agent)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9)`,
    [sessionId, user.id, user.companyId, now, expiresAt, maxExpiresAt, meta.mfaValidated ?? false, meta.ip ?? null, meta.userAgent?.slice(0, 500) ?? null],
  );
  return { token, sessionId, expiresAt };
}

const TOUCH_EVERY_MS = 60_000;
/** When this process last wrote each session's last_seen_at (ms); old entries are swept as it grows. */
const touchedAt = new Map<string, number>();

function rememberTouch(sessionId: string, at: number): void {
  if (touchedAt.size >= 10_000) {
    for (const [id, when] of touchedAt) if (at - when >= TOUCH_EVERY_MS) touchedAt.delete(id);
    if (touchedAt.size >= 10_000) touchedAt.clear();
  }
  touchedAt.set(sessionId, at);
}

/**
 * Moves a session's expiry forward on use (sliding), at most once a minute per session so busy
 * clients do not write on every request, and never past its absolute end. Answers the expiry it
 * asked for (before the absolute end) when it wrote, else null.
 */
export async function touchSession(db: Queryable, sessionId: string, settings: Pick<AuthSettings, 'sessionTtlMs' | 'now'>): Promise<Date | null> {
  const now = settings.now();
  // This process wrote it less than a minute ago: skip the round trip (issue 9; the WHERE below
  // still keeps it to once a minute across processes).
  const last = touchedAt.get(sessionId);
  if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS && now.getTime() >= last) return null;
  rememberTouch(sessionId, now.getTime());
  const expiresAt = new Date(now.getTime() + settings.sessionTtlMs);
  await db.query(
    `UPDATE sessions SET last_seen_at = $2, expires_at = least($3::timestamptz, max_expires_at)
      WHERE id = $1 AND revoked_at IS NULL AND last_seen_at < $4`,
    [sessionId, now, expiresAt, new Date(now.getTime() - TOUCH_EVERY_MS)],
  );
  return expiresAt;
}

/** Ends every open session of a user (sign-out everywhere, blocking, password change). Answers how many ended. */
export async function revokeUserSessions(db: Queryable, userId: number, reason: string, exceptSessionId?: string): Promise<number> {
  // Every cached session of the user (the kept one too: its user row is changing with this) is read again.
  forgetUser(userId);
  const res = await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR id <> $3)`,
    [userId, reason, exceptSessionId ?? null],
  );
  return res.rowCount;
}

/**
 * For user management: blocking, deleting or otherwise cutting off a user ends all their sessions at once.
 * `reason` is stored with each session (e.g. 'blocked', 'password_changed').
 */
export function endAllSessions(db: Queryable, userId: number, reason: string): Promise<number> {
  return revokeUserSessions(db, userId, reason);
}

export async function revokeSession(db: Queryable, token: string, reason: string): Promise<boolean> {
  return revokeSessionById(db, hashToken(token), reason);
}

export async function revokeSessionById(db: Queryable, sessionId: string, reason: string): Promise<boolean> {
  forgetSession(sessionId);
  const res = await db.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
  return res.rowCount > 0;
}

/** Reads one cookie from a request. */
export function cookieFromRequest(request: Request, name: string): string | null {
  const cookie = request.headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('=')) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Over https the cookie is `__Host-access_token` (Secure, path /, no domain: no subdomain can set or read it). */
export const HOST_ACCESS_TOKEN_COOKIE = `__Host-${ACCESS_TOKEN_COOKIE}`;

/** The token a request carries: an Authorization bearer header (API clients), else the HttpOnly access-token cookie. */
export function tokenFromRequest(request: Request): string | null {
  const auth = request.headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  return cookieFromRequest(request, HOST_ACCESS_TOKEN_COOKIE) ?? cookieFromRequest(request, ACCESS_TOKEN_COOKIE);
}

/** Whether the request is authenticated by a cookie (what a browser adds on its own: needs the CSRF check). */
export function hasCookieToken(request: Request): boolean {
  const auth = request.headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return false;
  return tokenFromRequest(request) !== null;
}
