import type { Context } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authenticateRequest } from '../auth/authenticate';
import { authSettings } from '../auth/settings';
import type { Viewer } from '../auth/viewer';

/** The viewer of a REST request, or the 401 answer of 01 §8 (no_current_user, token_expired, ...). */
export async function restViewer(c: Context, db: Db, config: Config): Promise<Viewer | Response> {
  const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
  switch (auth.kind) {
    case 'viewer':
      return auth.viewer;
    case 'anonymous':
      return c.json({ error: 'no_current_user' }, 401);
    case 'mfa_pending':
      return c.json({ error: auth.code }, 401);
    case 'password_pending':
      return c.json({ error: auth.code }, 403);
    case 'error':
      return c.json({ error: auth.code, ...(auth.hint ? { hint: auth.hint } : {}) }, auth.code === 'imitation_forbidden' || auth.code === 'sa_imitation_forbidden' ? 403 : 401);
  }
}

/** The viewer of a request when it carries a valid session, else null (routes open without one, e.g. signed links). */
export async function restViewerOrNull(c: Context, db: Db, config: Config): Promise<Viewer | null> {
  const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
  return auth.kind === 'viewer' ? auth.viewer : null;
}
