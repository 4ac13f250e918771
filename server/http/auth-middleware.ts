import { confinedRestRefused, REGISTRATION_CONFINED } from '../auth/confinement';
import type { Context, Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { maintenanceEnabled } from '../auth/maintenance';
import { authenticateRequest, renewedSessionExpiry } from '../auth/authenticate';
import { hasCookieToken, tokenFromRequest } from '../auth/session';
import { ACCESS_TOKEN_COOKIE } from '../../src/domain/shared/constants';
import { authErrorResponse, setAccessTokenCookie } from './auth-http';
import { authGraphError } from '../auth/graph-gate';
import { deviceIdOf, deviceRevoked, noteRefusal } from '../devices/registry';
import { clientIp } from './client-ip';

export const GRAPH_PATH = '/api/v2/graph';

/** REST paths that work without a session (and ignore a stale one). */
const PUBLIC_PATHS = new Set([
  '/api/health',
  '/api/oauth/token',
  '/api/oauth/sso-buttons',
  '/api/oauth/sso/start',
  '/api/oauth/revoke',
  '/api/oauth/logout',
  '/api/passwordreset',
  '/api/imitate/stop',
  // A revoked device reports its wipe (it has no session left; issue 36).
  '/api/devices/wiped',
]);
const PUBLIC_PREFIXES = ['/api/invitations/', '/api/dev/'];
/** What a session that still owes its second factor may reach (besides the public paths). */
const MFA_PENDING_PREFIXES = ['/api/oauth/mfa/'];

export const isPublicRestPath = (path: string): boolean =>
  PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * Runs before every /api/ route registered after it (mountAuthRoutes is mounted first):
 * maintenance mode for everything but health; for REST, the wire codes of 01 §8 for a bad token, a
 * forbidden impersonation chain or a missing second factor. Anonymous requests pass: each route
 * decides whether it needs a user. The graph endpoint applies the same rules per operation (graph-route.ts).
 */
export function mountAuthMiddleware(app: Hono, db: Db, config: Config): void {
  // The sliding session moved forward on this request: the cookie follows it (it lives as long as the
  // session). Not when the route itself set or cleared the cookie (sign-in, sign-out).
  app.use('/api/*', async (c: Context, next) => {
    await next();
    const expiresAt = renewedSessionExpiry(c.req.raw);
    const token = tokenFromRequest(c.req.raw);
    if (!expiresAt || !token || !hasCookieToken(c.req.raw)) return;
    const cookieSet = c.res.headers.getSetCookie().some((line) => line.startsWith(`${ACCESS_TOKEN_COOKIE}=`) || line.startsWith(`__Host-${ACCESS_TOKEN_COOKIE}=`));
    if (!cookieSet) setAccessTokenCookie(c, authSettings(config), token, expiresAt);
  });
  app.use('/api/*', async (c: Context, next) => {
    const path = c.req.path;
    if (path === '/api/health') return next();
    const settings = authSettings(config);
    // Issue 36: a revoked device is answered device_revoked on every request that names it, signed in or
    // not (the app then wipes what Werkpad keeps on it); a signed-in request records the device's contact.
    const device = path === '/api/devices/wiped' ? null : deviceIdOf(c.req.raw);
    if (device) {
      const publicPath = path !== GRAPH_PATH && isPublicRestPath(path);
      const auth = publicPath || !tokenFromRequest(c.req.raw) ? null : await authenticateRequest(db, c.req.raw, settings);
      const who = auth && auth.kind !== 'error' && auth.kind !== 'anonymous' ? { userId: auth.session.userId, companyId: auth.session.companyId, sessionId: auth.session.id } : null;
      if (await deviceRevoked(db, device, who, c.req.header('user-agent') ?? null)) {
        await noteRefusal(db, device, clientIp(c));
        if (path === GRAPH_PATH) return c.json({ data: null, errors: [authGraphError('device_revoked').toJSON()] }, 200);
        return authErrorResponse('device_revoked');
      }
    }
    if (await maintenanceEnabled(db, settings)) {
      if (path === GRAPH_PATH) {
        return c.json({ data: null, errors: [authGraphError('maintenance_mode_enabled').toJSON()] }, 200);
      }
      return authErrorResponse('maintenance_mode_enabled');
    }
    if (path === GRAPH_PATH || isPublicRestPath(path)) return next();
    const result = await authenticateRequest(db, c.req.raw, settings);
    if (result.kind === 'error') return authErrorResponse(result.code, result.hint);
    if (result.kind === 'mfa_pending' && !MFA_PENDING_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return authErrorResponse(result.code);
    }
    // A pending password change: REST offers it nothing (logout and revoke are public paths; the change is a graph mutation).
    if (result.kind === 'password_pending') return authErrorResponse(result.code);
    // Issue 20: a participant in the registration area reaches only the area's routes.
    if (result.kind === 'viewer' && confinedRestRefused(result.viewer, path)) {
      return c.json({ error: REGISTRATION_CONFINED, messageKey: 'reasons.registrationConfined' }, 403);
    }
    return next();
  });
}
