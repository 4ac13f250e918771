import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { declare, inScope } from '../http/route-rules';
import { authenticateRequest } from '../auth/authenticate';
import { authSettings } from '../auth/settings';
import { clientIp } from '../http/client-ip';
import { loadLogo } from './company-store';
import { countExport, streamExport } from './exports';
import { brandingStyleSheet, resolveBrandingTemplate } from '../../src/domain/company-settings/branding';
import { exportHeaders } from '../http/table-stream';
import type { UserRow } from '../graph/rows';
import { todayIso } from '../../src/domain/format/format';

/**
 * Staff administration REST (01 §7):
 *   GET /api/instantie/style.css             the branding template as CSS variables (defaults without a session)
 *   GET /api/instantie/logo                  the company logo (404 when none)
 *   GET /api/export/{users|participants}.{csv|xlsx}   streamed export, x-export-rows = rows that follow
 *   GET /api/users/{id}/avatar               a user's avatar, for whoever may see the user
 */
export function mountAdminRoutes(app: Hono, db: Db, config: Config): void {
  const companyOf = async (request: Request): Promise<number | null> => {
    const auth = await authenticateRequest(db, request, authSettings(config));
    return auth.kind === 'viewer' ? auth.viewer.companyId : null;
  };

  const deps = { db, config };
  // Public: the sign-in page loads them too; with a session they are the viewer's own company's.
  declare(app, deps, { method: 'GET', path: '/api/instantie/style.css', access: 'public', scope: 'company' }, async (c) => {
    const companyId = await companyOf(c.req.raw);
    const { rows } = companyId === null ? { rows: [] } : await db.query<{ branding: Record<string, unknown> }>('SELECT branding FROM companies WHERE id = $1', [companyId]);
    return c.body(brandingStyleSheet(resolveBrandingTemplate(rows[0]?.branding ?? {})), 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'private, no-cache',
    });
  });

  declare(app, deps, { method: 'GET', path: '/api/instantie/logo', access: 'public', scope: 'company' }, async (c) => {
    const companyId = await companyOf(c.req.raw);
    const logo = companyId === null ? null : await loadLogo(db, companyId);
    if (!logo) return c.json({ error: 'not_found' }, 404);
    return c.body(new Uint8Array(logo.data), 200, {
      'content-type': logo.mime,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'last-modified': logo.updatedAt.toUTCString(),
    });
  });

  // One route per subject, each with its own privilege (users:export, participants:export); rows in the subject's scope.
  for (const subject of ['users', 'participants'] as const) {
    const rule = { method: 'GET', path: `/api/export/:file{${subject}\\.(?:csv|xlsx)}`, access: { privilege: 'export', resource: subject }, scope: subject === 'users' ? 'company' : 'caseload', forbidden: 'admin.errors.forbidden' } as const;
    declare(app, deps, rule, async (c, { viewer, params }) => {
      const format = (params.file ?? '').endsWith('.csv') ? 'csv' : 'xlsx';
      const total = await countExport(db, viewer, subject);
      const stream = await streamExport(db, viewer, subject, format, clientIp(c));
      const name = `${subject === 'users' ? 'gebruikers' : 'deelnemers'}-${todayIso()}.${format}`;
      return c.body(stream, 200, exportHeaders(format, `${name}`, total));
    });
  }

  declare(app, deps, { method: 'GET', path: '/api/users/:id/avatar', access: 'authenticated', scope: 'caseload', load: inScope<UserRow>('users') }, async (c, { viewer, object: user }) => {
    const { rows } = await db.query<{ mime: string; data: Buffer | Uint8Array }>('SELECT mime, data FROM user_avatars WHERE user_id = $1 AND company_id = $2', [user.id, viewer.companyId]);
    const row = rows[0];
    if (!row) return c.json({ error: 'not_found' }, 404);
    return c.body(new Uint8Array(row.data), 200, { 'content-type': row.mime, 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' });
  });
}
