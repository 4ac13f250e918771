import type { Context, Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';
import { declare } from './route-rules';
import { audit } from '../auth/audit';
import { auditLogCsv, mayReadAuditLog } from '../auth/audit-log';
import { auditFilterOf } from '../graph/types/audit-log';
import { clientIp } from './client-ip';
import { todayIso } from '../../src/domain/format/format';

/**
 * GET /api/audit-log.csv?action=&userId=&subjectType=&subjectId=&result=&from=&to= → the filtered audit log as
 * CSV (administrators of the company only; the export itself is logged as auditLog.export).
 */
export function mountAuditLog(app: Hono, db: Db, config: Config): void {
  const refused = (c: Context, viewer: Viewer) => audit(db, { action: 'auditLog.export', viewer, result: 'refused', ip: clientIp(c) });
  const rule = { method: 'GET', path: '/api/audit-log.csv', access: { privilege: 'view', resource: 'auditLog' }, scope: 'company', onForbidden: refused } as const;
  declare(app, { db, config }, rule, async (c, { viewer }) => {
    // Besides the privilege: the real administrator only (not while impersonating, not the developer account).
    if (!mayReadAuditLog(viewer)) {
      await refused(c, viewer);
      return c.json({ error: 'forbidden', messageKey: 'auth.forbidden' }, 403);
    }
    const filter = auditFilterOf(c.req.query());
    const csv = await auditLogCsv(db, viewer, filter);
    await audit(db, { action: 'auditLog.export', viewer, details: { filter }, ip: clientIp(c) });
    return new Response(`\uFEFF${csv}`, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="auditlog-${todayIso()}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
}
