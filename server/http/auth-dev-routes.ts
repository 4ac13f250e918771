import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { recentOutbox } from '../mail/mailer';

/** GET /api/dev/outbox?to=<address>&limit=<n> (only with config.devTools): stored mails, newest first: [{id, to, subject, text, links, status, createdAt}]. */
export function mountAuthDevRoutes(app: Hono, db: Db, config: Config): void {
  // GET /api/dev/mode: only under `npm run dev` (not with single dev tools switched on): the /development/* pages ask it.
  if (!config.production) app.get('/api/dev/mode', (c) => c.json({ development: true }));
  if (!config.devTools) return;
  app.get('/api/dev/outbox', async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 500);
    return c.json(await recentOutbox(db, limit, c.req.query('to') || undefined));
  });
}
