import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { recentOutbox } from '../mail/mailer';
import { loadSession } from '../auth/authenticate';
import { tokenFromRequest } from '../auth/session';
import { declare } from './route-rules';

/** GET /api/dev/outbox?to=<address>&limit=<n> (only with config.devTools): stored mails, newest first: [{id, to, subject, text, links, status, createdAt}]. */
export function mountAuthDevRoutes(app: Hono, db: Db, config: Config): void {
  // GET /api/dev/mode: only under `npm run dev` (not with single dev tools switched on): the /development/* pages ask it.
  const deps = { db, config };
  if (!config.production) {
    declare(app, deps, { method: 'GET', path: '/api/dev/mode', access: 'public', scope: 'none' }, (c) => c.json({ development: true }));
    // GET /api/dev/access-token: only under `npm run dev`. The page /development/access-token shows the
    // signed-in session's access token (httpOnly in the cookie, so the page cannot read it itself) with
    // its expiry and identity, for curl or GraphiQL. Never in production, whatever the dev-tool switches say.
    declare(app, deps, { method: 'GET', path: '/api/dev/access-token', access: 'authenticated', scope: 'own' }, async (c, { viewer }) => {
      c.header('cache-control', 'no-store');
      const token = tokenFromRequest(c.req.raw);
      if (!token) return c.json({ error: 'no_current_user' }, 401);
      const session = await loadSession(db, viewer.sessionId);
      return c.json({
        token,
        userId: viewer.userId,
        realUserId: viewer.realUserId,
        companyId: viewer.companyId,
        roleId: viewer.roleId,
        chain: viewer.chain,
        expiresAt: session ? new Date(session.expires_at).toISOString() : null,
        maxExpiresAt: session ? new Date(session.max_expires_at).toISOString() : null,
      });
    });
  }
  if (!config.devTools) return;
  // Only with the dev tools switched on (tests, demo): the stored mails, for reading sign-in links.
  declare(app, deps, { method: 'GET', path: '/api/dev/outbox', access: 'public', scope: 'none' }, async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 500);
    return c.json(await recentOutbox(db, limit, c.req.query('to') || undefined));
  });
}
