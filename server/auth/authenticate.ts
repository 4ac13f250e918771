import type { Db, Queryable } from '../db/db';
import type { Viewer } from './viewer';
import { hashToken, tokenFromRequest, touchSession } from './session';
import { sessionCacheOf } from './session-cache';
import { authSettingsFromEnv, type AuthSettings } from './settings';
import { chainFromRequest, resolveImpersonation } from './impersonation';
import { AccessDeniedHint } from '../../src/domain/auth/error-codes';
import { EFFECTIVE_ROLE_SQL } from './effective-role';
import { onPrimary } from '../db/routed';

interface SessionRow {
  session_id: string;
  expires_at: Date;
  max_expires_at: Date;
  revoked_at: Date | null;
  /** The screen was locked on the device (issue 36): only a new sign-in and sign-out are open. */
  locked_at?: Date | null;
  mfa_validated: boolean;
  mfa_failures: number;
  user_id: number;
  company_id: number;
  project_id: number | null;
  acl_role_id: number;
  access_to_all_participants: boolean;
  display: number;
  deleted_at: Date | null;
  mfa_active: boolean;
  mfa_setup: boolean;
  force_mfa: boolean;
  password_validated: boolean;
  participant_id: number | null;
  participant_status_id?: number | null;
}

/** What a session still needs before it may do anything besides two-step authentication. */
export type MfaState = 'ok' | 'mfa_setup_required' | 'mfa_validation_required';

/** The signed-in user's session, as stored (always the real user, never the impersonated one). */
export interface SessionInfo {
  id: string;
  userId: number;
  companyId: number;
  roleId: number;
  mfaState: MfaState;
  mfaValidated: boolean;
  mfaFailures: number;
  /** Two-step is switched on for the user or forced by the company. */
  mfaRequired: boolean;
  mfaSetUp: boolean;
  passwordValidated: boolean;
}

export type AuthResult =
  | { kind: 'anonymous' }
  /** viewer: the effective user (impersonated when a chain is sent); real: the user who signed in. */
  | { kind: 'viewer'; viewer: Viewer; real: Viewer; session: SessionInfo }
  /** Signed in with a password; the second factor is still missing. Only the two-step endpoints, logout and `me` are open. */
  | { kind: 'mfa_pending'; code: 'mfa_setup_required' | 'mfa_validation_required'; viewer: Viewer; session: SessionInfo }
  /** Signed in (second factor done), but the password must be changed first: only `me`, changePassword and logout are open. */
  | { kind: 'password_pending'; code: 'password_change_required'; viewer: Viewer; session: SessionInfo }
  | {
      kind: 'error';
      code: 'token_expired' | 'access_denied' | 'imitation_forbidden' | 'sa_imitation_forbidden' | 'session_locked';
      hint?: string;
    };

export function mfaStateOf(row: { mfa_active: boolean; force_mfa: boolean; mfa_setup: boolean; mfa_validated: boolean }): MfaState {
  if (!row.mfa_active && !row.force_mfa) return 'ok';
  if (!row.mfa_setup) return 'mfa_setup_required';
  return row.mfa_validated ? 'ok' : 'mfa_validation_required';
}

/** Loads a session by its id (the token's hash), with what is needed to judge it. */
export async function loadSession(db: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.expires_at, s.max_expires_at, s.revoked_at, s.locked_at, s.mfa_validated, s.mfa_failures,
            u.id AS user_id, u.company_id, u.project_id, coalesce(${EFFECTIVE_ROLE_SQL}, u.acl_role_id) AS acl_role_id, u.access_to_all_participants,
            u.display, u.deleted_at, u.mfa_active, u.mfa_setup, u.password_validated,
            coalesce(c.settings -> 'forceMfa' = 'true'::jsonb, false) AS force_mfa,
            p.id AS participant_id, p.status_id AS participant_status_id
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN companies c ON c.id = u.company_id
       LEFT JOIN participants p ON p.user_id = u.id AND p.deleted_at IS NULL
      WHERE s.id = $1`,
    [sessionId],
  );
  return rows[0];
}

const memo = new WeakMap<Request, Promise<AuthResult>>();
/** The new expiry of the session a request renewed (sliding), for the cookie sent back with it. */
const renewed = new WeakMap<Request, Date>();

/**
 * When authenticating this request moved its session's expiry forward: the new expiry (never past the
 * session's absolute end), so the access-token cookie can be sent again with it. Else null.
 */
export function renewedSessionExpiry(request: Request): Date | null {
  return renewed.get(request) ?? null;
}

/**
 * Turns a request's access token (a bearer header or the access_token cookie) into a Viewer, with the
 * impersonation chain (identity_chain cookie + x-imitate-user header) applied on top. Memoised per
 * Request object, so middleware and route share one lookup.
 */
export function authenticateRequest(db: Db | Queryable, request: Request, settings?: AuthSettings): Promise<AuthResult> {
  let result = memo.get(request);
  if (!result) {
    // Sessions are read on the primary also in a request whose lists a standby serves (server/db/routed.ts).
    result = onPrimary(() => resolve(db, request, settings ?? authSettingsFromEnv()));
    memo.set(request, result);
  }
  return result;
}

/**
 * The same judgement read afresh from the database: no per-request memo, no session cache, and the
 * session is not extended (issue 20: the live stream re-checks the session and the impersonation
 * chain at every heartbeat, and ends when either has).
 */
export function recheckRequest(db: Db | Queryable, request: Request, settings?: AuthSettings): Promise<AuthResult> {
  return onPrimary(() => resolve(db, request, settings ?? authSettingsFromEnv(), { fresh: true }));
}

async function resolve(db: Queryable, request: Request, settings: AuthSettings, options: { fresh?: boolean } = {}): Promise<AuthResult> {
  const token = tokenFromRequest(request);
  if (!token) return { kind: 'anonymous' };
  const sessionId = hashToken(token);
  const now = settings.now();
  // A known, fully signed-in session comes from this process's cache (no statement); anything that
  // might refuse the request (expiry reached by the cached time) is judged on a fresh read.
  const cache = options.fresh ? null : sessionCacheOf<SessionRow>(db);
  let row = await cache?.get(sessionId);
  if (row && row.expires_at.getTime() <= now.getTime()) row = undefined;
  if (!row) {
    const startedAt = cache?.stamp() ?? 0;
    row = await loadSession(db, sessionId);
    if (!row) return { kind: 'error', code: 'access_denied', hint: AccessDeniedHint.notVerified };
    if (row.revoked_at) return { kind: 'error', code: 'access_denied', hint: AccessDeniedHint.revoked };
    if (row.expires_at.getTime() <= now.getTime()) return { kind: 'error', code: 'token_expired' };
    if (row.display !== 1 || row.deleted_at) return { kind: 'error', code: 'access_denied', hint: AccessDeniedHint.revoked };
    if (cache && mfaStateOf(row) === 'ok' && row.password_validated && !row.locked_at) cache.put(row, startedAt);
  }
  // A locked session is not moved forward either: it ends at its expiry unless its user signs in again.
  if (row.locked_at) return { kind: 'error', code: 'session_locked' };
  const newExpiry = options.fresh ? null : await touchSession(db, row.session_id, settings);
  if (newExpiry) {
    const expiresAt = new Date(Math.min(newExpiry.getTime(), row.max_expires_at.getTime()));
    renewed.set(request, expiresAt);
    cache?.update(row.session_id, (r) => ({ ...r, expires_at: expiresAt }));
  }

  const mfaState = mfaStateOf(row);
  const session: SessionInfo = {
    id: row.session_id,
    userId: row.user_id,
    companyId: row.company_id,
    roleId: row.acl_role_id,
    mfaState,
    mfaValidated: row.mfa_validated,
    mfaFailures: row.mfa_failures,
    mfaRequired: row.mfa_active || row.force_mfa,
    mfaSetUp: row.mfa_setup,
    passwordValidated: row.password_validated,
  };
  const real: Viewer = {
    userId: row.user_id,
    companyId: row.company_id,
    projectId: row.project_id,
    roleId: row.acl_role_id,
    accessToAllParticipants: row.access_to_all_participants,
    participantId: row.participant_id,
    participantStatusId: row.participant_status_id ?? null,
    realUserId: row.user_id,
    chain: [],
    sessionId: row.session_id,
  };
  if (mfaState !== 'ok') return { kind: 'mfa_pending', code: mfaState, viewer: real, session };
  // Enforced here, not only by the client: such a session reads and changes nothing until the password is new.
  if (!row.password_validated) return { kind: 'password_pending', code: 'password_change_required', viewer: real, session };

  const chain = chainFromRequest(request);
  if (chain === null) return { kind: 'error', code: 'imitation_forbidden' };
  if (chain.length === 0) return { kind: 'viewer', viewer: real, real, session };
  const imitated = await resolveImpersonation(db, real, chain);
  if (!imitated.ok) return { kind: 'error', code: imitated.code };
  return { kind: 'viewer', viewer: imitated.viewer, real, session };
}

/** The Viewer of a request, or null when it has no valid, fully authenticated session. */
export async function authenticate(db: Db | Queryable, request: Request, settings?: AuthSettings): Promise<Viewer | null> {
  const result = await authenticateRequest(db, request, settings);
  return result.kind === 'viewer' ? result.viewer : null;
}
