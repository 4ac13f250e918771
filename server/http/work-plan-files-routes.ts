import type { Hono } from 'hono';
import type { Db, Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';
import type { RouteParams } from './route-rules';
import type { Config } from '../config';
import { restViewerOrNull } from './rest-viewer';
import { declare } from './route-rules';
import { clientIp } from './client-ip';
import { downloadResponse } from './files-routes';
import { readStored } from '../messages/files';
import { audit } from '../auth/audit';
import { participantsOfFile } from '../auth/participant-reads';
import { run, sql } from '../db/sql';
import { fileInScope, SIGNED_URL_TTL_SECONDS, signedDownloadPath, verifySignedDownload } from '../work-plans/files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Downloads by short-lived signed link (02 §7 "GET files/get-presigned-url/{file} answers presigned_request_uri"):
 *   GET /api/files/get-presigned-url/:file  (signed in; the file in the viewer's scope) → {presigned_request_uri}
 *   GET /api/files/download/:file?u=&e=&s=  (no session needed: the HMAC-SHA256 signature over file, user and
 *       expiry is the permission; valid for 5 minutes) → the bytes with their type and a safe attachment name.
 * The key is derived from the server's secret key (server/auth/secret-box.ts), so every process of one setup
 * accepts the links of the others. Both steps are written to the audit log.
 */
export function mountWorkPlanFiles(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  const presign = {
    method: 'GET',
    path: '/api/files/get-presigned-url/:file',
    access: { privilege: 'view', resource: 'files' },
    scope: 'caseload',
    // every link of the file in scope (filesScope); files without a link are the company's reference material
    load: (q: Queryable, viewer: Viewer, params: RouteParams) => (UUID.test(params.file ?? '') ? fileInScope(q, viewer, params.file ?? '') : Promise.resolve(null)),
    notFound: 'workPlanFiles.errors.notFound',
  } as const;
  declare(app, deps, presign, async (c, { viewer, object: file }) => {
    const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS;
    await audit(db, { action: 'file.presign', viewer, companyId: viewer.companyId, subjectType: 'file', subjectId: Number(file.id), details: { expires }, ip: clientIp(c) });
    return c.json({ presigned_request_uri: signedDownloadPath(config, String(file.uuid), viewer.userId, expires), expires_at: new Date(expires * 1000).toISOString() });
  });

  // Public: the link's signature over file, user and expiry is the permission; the signer must still reach the file's company.
  declare(app, deps, { method: 'GET', path: '/api/files/download/:file', access: 'public', scope: 'company' }, async (c, { params }) => {
    const uuid = params.file ?? '';
    if (!UUID.test(uuid)) return c.json({ error: 'not_found' }, 404);
    const check = verifySignedDownload(config, uuid, { u: c.req.query('u'), e: c.req.query('e'), s: c.req.query('s') });
    if (!check.ok) return c.json({ error: check.error }, 403);
    // The signer must still be an active user of the file's company, and the file must still be there.
    const { rows } = await run<{ id: number; name: string; mime: string; storage_key: string; company_id: number }>(
      db,
      sql`SELECT f.id, f.name, f.mime, f.storage_key, f.company_id FROM files f JOIN users u ON u.id = ${check.userId} AND u.company_id = f.company_id
           WHERE f.uuid = ${uuid}::uuid AND f.deleted_at IS NULL AND u.deleted_at IS NULL AND u.display = 1`,
    );
    const row = rows[0];
    const bytes = row ? await readStored(config.dataDir, row.storage_key) : null;
    if (!row || !bytes) return c.json({ error: 'not_found' }, 404);
    // Issue 20: the whole chain of whoever is downloading (the request's own session, when it has one), besides the link's signer.
    // A session of another organisation names no user of the file's organisation (its audit row would not be
    // storable: a 500 before issue 38's matrix): the row names the signer and says the link came from outside.
    const session = await restViewerOrNull(c, db, config);
    const downloader = session && session.companyId === Number(row.company_id) ? session : null;
    // Issue 38: the row names the participants the file is about (its participant, work plan, measurement or message).
    const participantIds = await participantsOfFile(db, Number(row.company_id), { id: Number(row.id) });
    await audit(db, {
      action: 'file.download', companyId: Number(row.company_id), userId: downloader?.realUserId ?? check.userId,
      ...(downloader ? { chain: [downloader.realUserId, ...downloader.chain], onBehalfOfUserId: downloader.chain.length > 0 ? downloader.userId : null } : {}),
      subjectType: 'file', subjectId: Number(row.id), details: { signed: true, signer: check.userId, participantIds, ...(session && !downloader ? { otherOrganisation: true } : {}) }, ip: clientIp(c),
    });
    return downloadResponse(row, bytes);
  });
}
