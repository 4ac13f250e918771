import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { signInWithPassword } from '../auth/sign-in';
import { authenticateRequest } from '../auth/authenticate';
import { chainFromRequest } from '../auth/impersonation';
import { hashToken, revokeSessionById, tokenFromRequest } from '../auth/session';
import { audit } from '../auth/audit';
import { PasswordGrantSchema, RevokeSchema } from '../../src/domain/auth/schemas';
import { issueParams, issueReason } from '../../src/domain/auth/reasons';
import { IMITATE_USER_HEADER } from '../../src/domain/shared/constants';
import { clearAuthCookies, readInput, restError, restErrorBody, setAccessTokenCookie, setIdentityChainCookie } from './auth-http';
import { clientIp } from './client-ip';
import { ssoGrant } from './sso-routes';
import { declare } from './route-rules';

/**
 * POST /api/oauth/token      form: grant_type=password, username, password
 *   200 {access_token, token_type: 'Bearer', expires_in, next: NextStep[]} + Set-Cookie access_token (HttpOnly)
 *   400 invalid_request | unsupported_grant_type | invalid_grant; 403 user_blocked; 429 account_locked
 * POST /api/oauth/revoke     {token} (JSON or form) → 200 {success: true} whether or not it was open (RFC 7009)
 * POST|GET /api/oauth/logout (GET only with a bearer token or from the app's own origin) not impersonating: revokes the session, clears access_token and identity_chain → {success, chain: []}
 *                            with x-imitate-user: leaves only the latest impersonation, the token stays → {success, chain}
 * POST /api/oauth/token      grant_type=sso, uuid, payload: the single sign-on grant (sso-routes.ts)
 * POST /api/oauth/sso-buttons, /api/oauth/sso/start: sso-routes.ts
 */
export function mountOAuthRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  declare(app, deps, { method: 'POST', path: '/api/oauth/token', access: 'public', scope: 'none', handlerBody: PasswordGrantSchema }, async (c) => {
    const settings = authSettings(config);
    const input = await readInput(c);
    if (input.grant_type === 'sso') return ssoGrant(c, db, config, input);
    if (input.grant_type !== undefined && input.grant_type !== 'password') {
      return restError(c, 400, 'unsupported_grant_type');
    }
    const parsed = v.safeParse(PasswordGrantSchema, input);
    if (!parsed.success) return restError(c, 400, 'invalid_request', { messageKey: issueReason(parsed.issues), params: issueParams(parsed.issues, 'usernameOrPassword') });
    const result = await signInWithPassword(db, settings, {
      username: parsed.output.username,
      password: parsed.output.password,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
    });
    if (!result.ok) {
      if (result.error === 'account_locked') {
        const until = result.lockedUntil ?? new Date(settings.now().getTime() + settings.lockMinutes * 60_000);
        const seconds = Math.max(1, Math.ceil((until.getTime() - settings.now().getTime()) / 1000));
        c.header('retry-after', String(seconds));
        return restError(c, 429, 'account_locked', { params: { minutes: Math.ceil(seconds / 60) } });
      }
      return restError(c, result.error === 'user_blocked' ? 403 : 400, result.error);
    }
    // The session this browser held until now is replaced, not left open.
    const previous = tokenFromRequest(c.req.raw);
    if (previous) await revokeSessionById(db, hashToken(previous), 'replaced');
    setAccessTokenCookie(c, settings, result.token, result.expiresAt);
    setIdentityChainCookie(c, settings, []);
    c.header('cache-control', 'no-store');
    return c.json({
      access_token: result.token,
      token_type: 'Bearer',
      expires_in: Math.round((result.expiresAt.getTime() - settings.now().getTime()) / 1000),
      next: result.next,
    });
  });

  // The session of the token in the body (RFC 7009: whoever holds a token may end it).
  declare(app, deps, { method: 'POST', path: '/api/oauth/revoke', access: 'public', scope: 'own', handlerBody: RevokeSchema }, async (c) => {
    const settings = authSettings(config);
    const parsed = v.safeParse(RevokeSchema, await readInput(c));
    const token = parsed.success ? parsed.output.token : tokenFromRequest(c.req.raw);
    if (token) await revokeAndAudit(db, hashToken(token), 'revoked', 'token.revoke', clientIp(c));
    if (token && token === tokenFromRequest(c.req.raw)) clearAuthCookies(c, settings);
    return c.json({ success: true });
  });

  const logout = async (c: Context) => {
    const settings = authSettings(config);
    const ip = clientIp(c);
    if (c.req.header(IMITATE_USER_HEADER)) {
      // Logout while impersonating only leaves the latest impersonation (01 §4); the session stays.
      const result = await authenticateRequest(db, c.req.raw, settings);
      const chain = result.kind === 'viewer' ? result.viewer.chain : (chainFromRequest(c.req.raw) ?? []);
      const next = chain.slice(0, -1);
      if (result.kind === 'viewer' && chain.length > 0) {
        await audit(db, {
          action: 'impersonation.stop',
          companyId: result.viewer.companyId,
          userId: result.viewer.realUserId,
          onBehalfOfUserId: chain[chain.length - 1] ?? null,
          details: { chain: next, via: 'logout' },
          ip,
        });
      }
      setIdentityChainCookie(c, settings, next);
      return c.json({ success: true, chain: next });
    }
    const token = tokenFromRequest(c.req.raw);
    if (token) await revokeAndAudit(db, hashToken(token), 'logout', 'logout', ip);
    clearAuthCookies(c, settings);
    c.header('cache-control', 'no-store');
    return c.json({ success: true, chain: [] });
  };
  declare(app, deps, { method: 'POST', path: '/api/oauth/logout', access: 'public', scope: 'own' }, logout);
  // 01 §7 lists GET oauth/logout: the same, but a GET ends a session only when the app itself asks: with a
  // bearer token, or from its own origin (Fetch Metadata). A GET carrying only the cookie from anywhere else
  // (an <img> on another site, a browser without SameSite) ends nothing; the cookie is also SameSite=Strict.
  declare(app, deps, { method: 'GET', path: '/api/oauth/logout', access: 'public', scope: 'own' }, (c) => {
    const bearer = /^Bearer\s+\S/i.test(c.req.header('authorization') ?? '');
    const sameOrigin = c.req.header('sec-fetch-site') === 'same-origin';
    if (!bearer && !sameOrigin) {
      c.header('cache-control', 'no-store');
      return c.json(restErrorBody('forbidden', 'auth.forbidden'), 403);
    }
    return logout(c);
  });
}

async function revokeAndAudit(db: Db, sessionId: string, reason: string, action: string, ip: string): Promise<void> {
  const { rows } = await db.query<{ user_id: number; company_id: number }>('SELECT user_id, company_id FROM sessions WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  const row = rows[0];
  if (!row) return;
  if (await revokeSessionById(db, sessionId, reason)) {
    await audit(db, { action, companyId: row.company_id, userId: row.user_id, ip });
  }
}
