import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { authenticateRequest } from '../auth/authenticate';
import { hashToken, revokeSessionById, tokenFromRequest } from '../auth/session';
import { finishSsoFlow, loadAdapter, SSO_BROWSER_COOKIE, ssoButtons, SsoError, startSsoFlow } from '../auth/sso';
import { SSO_FLOW_MINUTES, SSO_REASONS, SsoGrantSchema, SsoStartSchema, type SsoReason } from '../../src/domain/auth/sso';
import { isHttps, readInput, restErrorBody, setAccessTokenCookie, setIdentityChainCookie } from './auth-http';
import { clientIp } from './client-ip';
import { ssoStartRetryAfter } from '../auth/anonymous-audit';
import { declare } from './route-rules';

/**
 * Single sign-on (issue 24, docs/decisions-sso.md):
 * POST /api/oauth/sso-buttons {company?: uri}   → [{uuid, label, protocol}] the enabled OpenID Connect adapters
 * POST /api/oauth/sso/start {uuid, link?}       → {authorizationUrl, expiresIn} + the flow's browser cookie;
 *                                                  link: true needs a session (not impersonating) and links its user
 * POST /api/oauth/token grant_type=sso, uuid, payload (the callback's query string)
 *      → as the password grant: {access_token, token_type, expires_in, next} + cookies; for a link flow {linked: true}
 *   refusals: {error: <SSO wire code>, messageKey, …}: 400 sso_flow_invalid | sso_provider_refused | sso_adapter_incomplete
 *             | sso_protocol_unsupported; 403 sso_unknown_subject | sso_subject_linked_elsewhere | user_blocked;
 *             404 sso_adapter_unknown; 502 sso_provider_unreachable
 */
export function mountSsoRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  declare(app, deps, { method: 'POST', path: '/api/oauth/sso-buttons', access: 'public', scope: 'none' }, async (c) => {
    const input = await readInput(c);
    const company = typeof input.company === 'string' && input.company.trim() !== '' ? input.company.trim().slice(0, 200) : undefined;
    c.header('cache-control', 'no-store');
    return c.json(await ssoButtons(db, company));
  });

  // Public: a link flow (link: true) checks its session below (the real user, in the adapter's own company).
  declare(app, deps, { method: 'POST', path: '/api/oauth/sso/start', access: 'public', scope: 'none', handlerBody: SsoStartSchema }, async (c) => {
    const settings = authSettings(config);
    // Each start stores a flow and fetches the issuer's discovery document: a budget per address (issue 38).
    const wait = await ssoStartRetryAfter(db, settings, clientIp(c));
    if (wait !== null) {
      c.header('retry-after', String(wait));
      return ssoError(c, 'sso_throttled', 429);
    }
    const parsed = v.safeParse(SsoStartSchema, await readInput(c));
    if (!parsed.success) return ssoError(c, 'sso_adapter_unknown');
    const adapter = await loadAdapter(db, config, parsed.output.uuid);
    if (!adapter) return ssoError(c, 'sso_adapter_unknown');
    const link = parsed.output.link === true || parsed.output.link === '1' || parsed.output.link === 'true';
    let linkUserId: number | null = null;
    if (link) {
      const auth = await authenticateRequest(db, c.req.raw, settings);
      if (auth.kind !== 'viewer') return c.json(restErrorBody('no_current_user', 'auth.noCurrentUser'), 401);
      // Linking changes how the account signs in: the real user only, in the adapter's own company.
      if (auth.viewer.chain.length > 0) return c.json(restErrorBody('imitation_forbidden', 'auth.imitationForbidden'), 403);
      if (auth.viewer.companyId !== adapter.companyId) return ssoError(c, 'sso_adapter_unknown');
      linkUserId = auth.viewer.realUserId;
    }
    try {
      const flow = await startSsoFlow(db, config, settings, adapter, linkUserId);
      setCookie(c, SSO_BROWSER_COOKIE, flow.browserToken, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/api/oauth',
        secure: isHttps(c, settings),
        maxAge: SSO_FLOW_MINUTES * 60,
      });
      c.header('cache-control', 'no-store');
      return c.json({ authorizationUrl: flow.authorizationUrl, expiresIn: SSO_FLOW_MINUTES * 60 });
    } catch (error) {
      if (error instanceof SsoError) return ssoError(c, error.reason, error.status);
      throw error;
    }
  });
}

function ssoError(c: Context, reason: SsoReason, status: 400 | 401 | 403 | 404 | 429 | 502 = reason === 'sso_adapter_unknown' ? 404 : 400): Response {
  c.header('cache-control', 'no-store');
  return c.json(restErrorBody(reason, SSO_REASONS[reason]), status);
}

/** The SSO grant of POST /api/oauth/token (called by oauth-routes.ts for grant_type=sso). */
export async function ssoGrant(c: Context, db: Db, config: Config, input: Record<string, unknown>): Promise<Response> {
  const settings = authSettings(config);
  const parsed = v.safeParse(SsoGrantSchema, input);
  if (!parsed.success) return ssoError(c, 'sso_flow_invalid');
  const adapter = await loadAdapter(db, config, parsed.output.uuid);
  if (!adapter) return ssoError(c, 'sso_adapter_unknown');
  const session = await authenticateRequest(db, c.req.raw, settings);
  const browserToken = getCookie(c, SSO_BROWSER_COOKIE) ?? null;
  deleteCookie(c, SSO_BROWSER_COOKIE, { path: '/api/oauth', secure: isHttps(c, settings) });
  try {
    const result = await finishSsoFlow(db, config, settings, {
      adapter,
      payload: parsed.output.payload,
      browserToken,
      sessionUserId: session.kind === 'viewer' && session.viewer.chain.length === 0 ? session.viewer.realUserId : null,
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
    });
    c.header('cache-control', 'no-store');
    if (result.kind === 'linked') return c.json({ linked: true });
    const previous = tokenFromRequest(c.req.raw);
    if (previous) await revokeSessionById(db, hashToken(previous), 'replaced');
    setAccessTokenCookie(c, settings, result.token, result.expiresAt);
    setIdentityChainCookie(c, settings, []);
    return c.json({
      access_token: result.token,
      token_type: 'Bearer',
      expires_in: Math.round((result.expiresAt.getTime() - settings.now().getTime()) / 1000),
      next: result.next,
    });
  } catch (error) {
    if (error instanceof SsoError) {
      // Too many refusals from this address (issue 38): 429, and no further audit rows (server/auth/anonymous-audit.ts).
      if (error.retryAfter !== undefined) c.header('retry-after', String(error.retryAfter));
      return ssoError(c, error.reason, error.status);
    }
    throw error;
  }
}
