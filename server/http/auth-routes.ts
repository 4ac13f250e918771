import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { mountAuthMiddleware } from './auth-middleware';
import { mountOAuthRoutes } from './oauth-routes';
import { mountSsoRoutes } from './sso-routes';
import { mountOAuthMfaRoutes } from './oauth-mfa-routes';
import { mountPasswordRoutes } from './auth-password-routes';
import { mountImitateRoutes } from './auth-imitate-routes';
import { mountAuthDevRoutes } from './auth-dev-routes';

/**
 * REST of sign-in and sessions (01 §7: oauth/*, passwordreset, ...). Mounted before every other /api/ route,
 * so its middleware (maintenance mode, token and second-factor checks) guards them all.
 */
export function mountAuthRoutes(app: Hono, db: Db, config: Config): void {
  mountAuthMiddleware(app, db, config);
  mountOAuthRoutes(app, db, config);
  mountSsoRoutes(app, db, config);
  mountOAuthMfaRoutes(app, db, config);
  mountPasswordRoutes(app, db, config);
  mountImitateRoutes(app, db, config);
  mountAuthDevRoutes(app, db, config);
}
