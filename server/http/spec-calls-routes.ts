import type { Context, Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { authenticateRequest } from '../auth/authenticate';
import { restAuthError, restErrorBody } from './auth-http';
import { declare } from './route-rules';

/**
 * The rest of the spec's REST calls (01 §7, issue 24). Each answers 401 `no_current_user` without a session.
 * GET /api/system-messages?per_page=all|n&page=n  signed-in users (participants too): the current system
 *     messages of their company (started, not ended) → {items: [{id, title, body, level, startsAt, endsAt}], total, page, perPage}
 * GET /api/users/roles?per_page=all|n&page=n      staff who may view users: the roles of their company
 *     (the spec's global roles and the company's own) → {items: [{id, role, label, parentRoleId, selectable, editable, own}], …}
 *     participants: 403 forbidden
 * GET /api/oauth/mfa/setup                         a session (also while two-step is owed): its two-step state
 *     → {required, setUp, validated, next: 'setup'|'verify'|null}; the secret itself comes from POST oauth/mfa/secret (password)
 * GET /api/user/returnToSite                        the session of the cookie, restored → {success, user: {id, username, name}, chain, expiresIn}
 *     401 no_current_user when the cookie holds no live session (01 §8 "no user found on return to the site")
 * (GET /api/oauth/logout: oauth-routes.ts; POST /api/fcm with {token}: push-routes.ts)
 */
export const DEFAULT_PER_PAGE = 15;
const MAX_PER_PAGE = 500;

/** per_page=all (or 0) → every row (bounded by MAX_PER_PAGE); else 1..MAX_PER_PAGE, default 15. */
export function pageOf(c: Context): { limit: number; offset: number; page: number; perPage: number | 'all' } | null {
  const raw = c.req.query('per_page') ?? c.req.query('perPage');
  const pageRaw = c.req.query('page') ?? '1';
  const page = Number(pageRaw);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) return null;
  if (raw === undefined) return { limit: DEFAULT_PER_PAGE, offset: (page - 1) * DEFAULT_PER_PAGE, page, perPage: DEFAULT_PER_PAGE };
  if (raw === 'all' || raw === '0') return { limit: MAX_PER_PAGE, offset: 0, page: 1, perPage: 'all' };
  const perPage = Number(raw);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) return null;
  return { limit: perPage, offset: (page - 1) * perPage, page, perPage };
}

const badPage = (c: Context) => c.json(restErrorBody('invalid_request', 'validation.pagination'), 400);

export function mountSpecCalls(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  declare(app, deps, { method: 'GET', path: '/api/system-messages', access: 'authenticated', scope: 'company' }, async (c, { viewer }) => {
    const page = pageOf(c);
    if (!page) return badPage(c);
    const now = authSettings(config).now();
    const where = `company_id = $1 AND deleted_at IS NULL AND starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2)`;
    const { rows } = await db.query<{ uuid: string; title: string; body: string; level: string; starts_at: Date; ends_at: Date | null }>(
      `SELECT uuid, title, body, level, starts_at, ends_at FROM system_messages WHERE ${where} ORDER BY starts_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [viewer.companyId, now, page.limit, page.offset],
    );
    const { rows: count } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM system_messages WHERE ${where}`, [viewer.companyId, now]);
    c.header('cache-control', 'no-store');
    return c.json({
      items: rows.map((r) => ({ id: r.uuid, title: r.title, body: r.body, level: r.level, startsAt: new Date(r.starts_at).toISOString(), endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null })),
      total: Number(count[0]?.n ?? 0),
      page: page.page,
      perPage: page.perPage,
    });
  });

  declare(app, deps, { method: 'GET', path: '/api/users/roles', access: { privilege: 'view', resource: 'users' }, scope: 'company' }, async (c, { viewer }) => {
    const page = pageOf(c);
    if (!page) return badPage(c);
    const where = `deleted_at IS NULL AND (company_id IS NULL OR company_id = $1)`;
    const { rows } = await db.query<{ id: string; role: string; label: string; parent_role_id: string | null; selectable: boolean; editable: boolean; company_id: string | null }>(
      `SELECT id, role, label, parent_role_id, selectable, editable, company_id FROM acl_roles WHERE ${where} ORDER BY id LIMIT $2 OFFSET $3`,
      [viewer.companyId, page.limit, page.offset],
    );
    const { rows: count } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM acl_roles WHERE ${where}`, [viewer.companyId]);
    c.header('cache-control', 'no-store');
    return c.json({
      items: rows.map((r) => ({
        id: Number(r.id),
        role: r.role,
        label: r.label,
        parentRoleId: r.parent_role_id === null ? null : Number(r.parent_role_id),
        selectable: r.selectable,
        editable: r.editable,
        own: r.company_id !== null,
      })),
      total: Number(count[0]?.n ?? 0),
      page: page.page,
      perPage: page.perPage,
    });
  });

  // A session, also while its second factor is owed: its own two-step state.
  declare(app, deps, { method: 'GET', path: '/api/oauth/mfa/setup', access: 'session', scope: 'own' }, (c, { session: s }) => {
    c.header('cache-control', 'no-store');
    return c.json({
      required: s.mfaRequired,
      setUp: s.mfaSetUp,
      validated: s.mfaValidated,
      next: s.mfaState === 'mfa_setup_required' ? 'setup' : s.mfaState === 'mfa_validation_required' ? 'verify' : null,
    });
  });

  // The middleware lets no session that owes a step reach this route; the handler reads the session itself for `next`.
  declare(app, deps, { method: 'GET', path: '/api/user/returnToSite', access: 'session', scope: 'own' }, async (c) => {
    const settings = authSettings(config);
    const result = await authenticateRequest(db, c.req.raw, settings);
    if (result.kind === 'anonymous') return restAuthError(c, 'no_current_user');
    if (result.kind === 'error') return restAuthError(c, result.code, result.hint);
    const { rows } = await db.query<{ id: string; username: string; given_name: string | null; surname: string | null }>(
      'SELECT id, username, given_name, surname FROM users WHERE id = $1 AND company_id = $2',
      [result.viewer.userId, result.viewer.companyId],
    );
    const user = rows[0];
    if (!user) return restAuthError(c, 'no_current_user');
    const { rows: session } = await db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [result.session.id]);
    const expiresAt = session[0]?.expires_at ? new Date(session[0].expires_at) : settings.now();
    c.header('cache-control', 'no-store');
    return c.json({
      success: true,
      user: { id: Number(user.id), username: user.username, name: [user.given_name, user.surname].filter(Boolean).join(' ') },
      chain: result.viewer.chain,
      next: result.kind === 'viewer' ? [] : [result.code],
      expiresIn: Math.max(0, Math.round((expiresAt.getTime() - settings.now().getTime()) / 1000)),
    });
  });
}
