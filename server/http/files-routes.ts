import type { Hono } from 'hono';
import { clientIp } from './client-ip';
import { audit } from '../auth/audit';
import { participantsOfFile } from '../auth/participant-reads';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { declare } from './route-rules';
import { findDownload, readStored, storeUpload } from '../messages/files';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/messages/attachments';
import { uploadContentProblem } from './upload-content';
import { restErrorBody } from './auth-http';

/**
 * Message attachments (docs/decisions-messages.md):
 *   POST /api/files      multipart with a `file` part → 201 {uuid, name, mime, size}; 400/413 {error, message, messageKey} (messageKey: the reason code)
 *   GET  /api/files/:uuid → the bytes as an attachment, for whoever may read the message (or the uploader)
 */
export function mountFiles(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  // An upload is the uploader's own until a message links it (then the message's correspondents may read it).
  declare(app, deps, { method: 'POST', path: '/api/files', access: { privilege: 'add', resource: 'files' }, scope: 'own' }, async (c, { viewer }) => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > ATTACHMENT_MAX_BYTES + 64 * 1024) {
      return c.json(restErrorBody('file_too_large', 'messages.errors.fileTooLarge'), 413);
    }
    let file: unknown = null;
    try {
      file = (await c.req.raw.formData()).get('file');
    } catch {
      file = null;
    }
    if (!(file instanceof File)) return c.json(restErrorBody('file_missing', 'messages.errors.fileMissing'), 400);
    // The bytes must be what the extension says (issue 10): checked by content, not by name.
    const problem = await uploadContentProblem(file);
    if (problem) return c.json(restErrorBody('fileTypeNotAllowed', problem), 400);
    const result = await storeUpload(db, config.dataDir, viewer, file);
    if (!result.ok) {
      return c.json(restErrorBody(result.reason.replace('messages.errors.', ''), result.reason), result.status);
    }
    return c.json(result.file, 201);
  });

  // findDownload: the attachment of a message in the viewer's messages scope, or their own upload.
  declare(app, deps, { method: 'GET', path: '/api/files/:uuid', access: 'authenticated', scope: 'caseload' }, async (c, { viewer, params }) => {
    const row = await findDownload(db, viewer, params.uuid ?? '');
    const bytes = row ? await readStored(config.dataDir, row.storage_key) : null;
    if (!row || !bytes) return c.json(restErrorBody('not_found', 'messages.errors.attachmentNotFound'), 404);
    // Issue 20: a download is logged with the whole impersonation chain (audit() takes it from the viewer).
    // Issue 38: the row names the participants the attachment is about (the message's participant party).
    const participantIds = await participantsOfFile(db, viewer.companyId, { uuid: row.uuid });
    await audit(db, { viewer, action: 'file.download', subjectType: 'file', subjectId: row.uuid, details: { attachment: true, participantIds }, ip: clientIp(c) });
    return downloadResponse(row, bytes);
  });
}

/** A stored file as a download: its type, an attachment disposition with a safe name (ASCII fallback plus UTF-8), no sniffing, no caching. */
export function downloadResponse(row: { name: string; mime: string }, bytes: Buffer): Response {
  const ascii = row.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': row.mime,
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
