import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { restViewer } from '../http/rest-viewer';
import { authenticateRequest } from '../auth/authenticate';
import { authSettings } from '../auth/settings';
import { clientIp } from '../http/client-ip';
import { findInScope } from '../graph/scoped';
import { loadLogo } from './company-store';
import { countExport, exportRights, streamExport } from './exports';
import { brandingStyleSheet, resolveBrandingTemplate } from '../../src/domain/company-settings/branding';
import { isExportFormat } from '../../src/domain/users/export-columns';
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

  app.get('/api/instantie/style.css', async (c) => {
    const companyId = await companyOf(c.req.raw);
    const { rows } = companyId === null ? { rows: [] } : await db.query<{ branding: Record<string, unknown> }>('SELECT branding FROM companies WHERE id = $1', [companyId]);
    return c.body(brandingStyleSheet(resolveBrandingTemplate(rows[0]?.branding ?? {})), 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'private, no-cache',
    });
  });

  app.get('/api/instantie/logo', async (c) => {
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

  app.get('/api/export/:file', async (c) => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const match = /^(users|participants)\.(csv|xlsx)$/.exec(c.req.param('file'));
    const subject = match?.[1] === 'users' ? 'users' : match?.[1] === 'participants' ? 'participants' : null;
    const format = match?.[2] ?? '';
    if (!subject || !isExportFormat(format)) return c.json({ error: 'not_found' }, 404);
    if (!exportRights(viewer, subject).allowed) return c.json({ error: 'forbidden', messageKey: 'admin.errors.forbidden' }, 403);
    const total = await countExport(db, viewer, subject);
    const stream = await streamExport(db, viewer, subject, format, clientIp(c));
    const name = `${subject === 'users' ? 'gebruikers' : 'deelnemers'}-${todayIso()}.${format}`;
    return c.body(stream, 200, exportHeaders(format, `${name}`, total));
  });

  app.get('/api/users/:id/avatar', async (c) => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const user = await findInScope<UserRow>(db, 'users', viewer, c.req.param('id'));
    if (!user) return c.json({ error: 'not_found' }, 404);
    const { rows } = await db.query<{ mime: string; data: Buffer | Uint8Array }>('SELECT mime, data FROM user_avatars WHERE user_id = $1 AND company_id = $2', [user.id, viewer.companyId]);
    const row = rows[0];
    if (!row) return c.json({ error: 'not_found' }, 404);
    return c.body(new Uint8Array(row.data), 200, { 'content-type': row.mime, 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' });
  });
}
