import type { Queryable } from '../db/db';
import { hashToken, newToken } from './session';

export type TokenPurpose = 'password_reset' | 'registration' | 'invitation' | 'email_undo';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Issues a single-use token for an e-mailed link; only its hash is stored. */
export async function issueToken(
  db: Queryable,
  input: {
    purpose: TokenPurpose;
    now: Date;
    ttlMs: number;
    companyId?: number | null;
    userId?: number | null;
    subjectId?: number | null;
    data?: Record<string, unknown>;
  },
): Promise<IssuedToken> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  await db.query(
    `INSERT INTO auth_tokens (purpose, token_hash, company_id, user_id, subject_id, data, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [input.purpose, hashToken(token), input.companyId ?? null, input.userId ?? null, input.subjectId ?? null, JSON.stringify(input.data ?? {}), input.now, expiresAt],
  );
  return { token, expiresAt };
}

export interface TokenRow {
  id: number;
  purpose: TokenPurpose;
  company_id: number | null;
  user_id: number | null;
  subject_id: number | null;
  data: Record<string, unknown>;
  expires_at: Date;
  used_at: Date | null;
}

/** Looks a token up without using it (to show what a link is about). */
export async function peekToken(db: Queryable, purpose: TokenPurpose, token: string): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>(
    'SELECT id, purpose, company_id, user_id, subject_id, data, expires_at, used_at FROM auth_tokens WHERE token_hash = $1 AND purpose = $2',
    [hashToken(token), purpose],
  );
  return rows[0];
}

/**
 * Uses a token: atomically marks it used when it exists, is unused and has not expired. Answers the row,
 * or undefined. Run inside the transaction that performs the effect, so a failure leaves it unused.
 */
export async function consumeToken(db: Queryable, purpose: TokenPurpose, token: string, now: Date): Promise<TokenRow | undefined> {
  const { rows } = await db.query<TokenRow>(
    `UPDATE auth_tokens SET used_at = $3
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING id, purpose, company_id, user_id, subject_id, data, expires_at, used_at`,
    [hashToken(token), purpose, now],
  );
  return rows[0];
}

/** Invalidates the open tokens of a user for a purpose (a new reset link replaces the old ones). */
export async function discardTokens(db: Queryable, purpose: TokenPurpose, filter: { userId?: number; subjectId?: number }, now: Date): Promise<void> {
  if (filter.userId !== undefined) {
    await db.query('UPDATE auth_tokens SET used_at = $3 WHERE purpose = $1 AND user_id = $2 AND used_at IS NULL', [purpose, filter.userId, now]);
  }
  if (filter.subjectId !== undefined) {
    await db.query('UPDATE auth_tokens SET used_at = $3 WHERE purpose = $1 AND subject_id = $2 AND used_at IS NULL', [purpose, filter.subjectId, now]);
  }
}
