import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { declare } from '../http/route-rules';
import { audit } from '../auth/audit';
import { clientIp } from '../http/client-ip';
import { downloadResponse } from '../http/files-routes';
import { readStored } from '../messages/files';
import { filesScope } from '../auth/scope';
import { raw, run, sql } from '../db/sql';
import { isStaffRole } from '../../src/domain/shared/roles';
import { PARTICIPANT_DOCUMENT_KIND } from '../../src/domain/portal/documents';
import { PICTURE_FILE_KIND } from '../../src/domain/portal/pictures';

/**
 * Portal downloads:
 *   GET /api/portal/documents/:uuid  a participant document the viewer may see (as an attachment)
 *   GET /api/portal/pictures/:uuid   a profile or homepage picture of a user the viewer may see (inline)
 */
interface Stored {
  id?: number;
  participant_id?: number | null;
  uuid: string;
  name: string;
  mime: string;
  storage_key: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function mountPortal(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  // A participant document: filesScope (the participant in the viewer's scope), in the query below.
  declare(app, deps, { method: 'GET', path: '/api/portal/documents/:uuid', access: { privilege: 'view', resource: 'files' }, scope: 'caseload' }, async (c, { viewer, params }) => {
    const uuid = params.uuid ?? '';
    const { rows } = UUID.test(uuid)
      ? await run<Stored>(
          db,
          sql`SELECT f.uuid::text AS uuid, f.name, f.mime, f.storage_key, f.id, f.participant_id FROM files f
               WHERE f.uuid = ${uuid}::uuid AND f.kind = ${PARTICIPANT_DOCUMENT_KIND} AND f.participant_id IS NOT NULL AND f.deleted_at IS NULL AND ${filesScope(viewer, 'f')}`,
        )
      : { rows: [] };
    const row = rows[0];
    const bytes = row ? await readStored(config.dataDir, row.storage_key) : null;
    if (!row || !bytes) return c.json({ error: 'not_found' }, 404);
    // NEN 7513 (issue 20): a document read names the participant and the whole impersonation chain.
    await audit(db, { viewer, action: 'participant.document.read', subjectType: 'file', subjectId: Number(row.id), details: { participantId: Number(row.participant_id) }, ip: clientIp(c) });
    return downloadResponse(row, bytes);
  });

  declare(app, deps, { method: 'GET', path: '/api/portal/pictures/:uuid', access: 'authenticated', scope: 'caseload' }, async (c, { viewer, params }) => {
    const uuid = params.uuid ?? '';
    // Pictures of the viewer themselves; a participant's picture also for staff with the participant in
    // scope (issue 20: never for other participants); a staff member's profile picture (a coach's avatar)
    // for the company.
    const { rows } = UUID.test(uuid)
      ? await run<Stored>(
          db,
          sql`SELECT f.uuid::text AS uuid, f.name, f.mime, f.storage_key FROM files f
               WHERE f.uuid = ${uuid}::uuid AND f.company_id = ${viewer.companyId} AND f.kind = ANY(${Object.values(PICTURE_FILE_KIND)}::smallint[])
                 AND f.deleted_at IS NULL
                 AND (f.user_id = ${viewer.userId}
                   OR (f.participant_id IS NOT NULL AND ${isStaffRole(viewer.roleId) ? filesScope(viewer, 'f') : raw('FALSE')})
                   OR (f.participant_id IS NULL AND f.kind = ${PICTURE_FILE_KIND.profile}
                       AND NOT EXISTS (SELECT 1 FROM participants op WHERE op.user_id = f.user_id)))`,
        )
      : { rows: [] };
    const row = rows[0];
    const bytes = row ? await readStored(config.dataDir, row.storage_key) : null;
    if (!row || !bytes) return c.json({ error: 'not_found' }, 404);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': row.mime,
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        // The file never changes under its uuid: the browser's `user` cache keeps it.
        'cache-control': 'private, max-age=31536000, immutable',
      },
    });
  });
}
