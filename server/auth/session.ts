import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';

/** How long an access token lives without use (sliding). */
export const SESSION_TTL_MS = Number(process.env.WERKPAD_SESSION_TTL_MS ?? 8 * 60 * 60 * 1000);

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Starts a session for a user: a fresh random token every time; only its hash is stored. */
export async function createSession(
  db: Queryable,
  user: { id: number; companyId: number },
  meta: { ip?: string | undefined; userAgent?: string | undefined; mfaValidated?: boolean } = {},
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.query(
    `INSERT INTO sessions (id, user_id, company_id, expires_at, mfa_validated, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [hashToken(token), user.id, user.companyId, expiresAt, meta.mfaValidated ?? false, meta.ip ?? null, meta.userAgent ?? null],
  );
  return { token, expiresAt };
}

/** Ends every open session of a user (sign-out everywhere, blocking, password change). */
export async function revokeUserSessions(db: Queryable, userId: number, reason: string): Promise<number> {
  const res = await db.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
  );
  return res.rowCount;
}

export async function revokeSession(db: Queryable, token: string, reason: string): Promise<boolean> {
  const res = await db.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [hashToken(token), reason],
  );
  return res.rowCount > 0;
}

/** The token a request carries: the HttpOnly access_token cookie, or an Authorization bearer header for API clients. */
export function tokenFromRequest(request: Request): string | null {
  const auth = request.headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  const cookie = request.headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'access_token') return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}
