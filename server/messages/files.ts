import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { messagesScope } from '../auth/scope';
import { checkAttachment, type AttachmentMeta } from '../../src/domain/messages/attachments';
import type { MessageReasonKey } from '../../src/domain/messages/reasons';
import { ATTACHMENT_FILE_KIND } from './mutations';

/**
 * Message attachments on local disk: `<dataDir>/files/<uuid>` (the row's storage_key is the uuid).
 * Uploaded first (POST /api/files), linked to the message by sendMessage (attachmentIds).
 */
export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export type UploadResult = { ok: true; file: AttachmentMeta } | { ok: false; reason: MessageReasonKey; status: 400 | 413 };

export async function storeUpload(db: Db, dataDir: string, viewer: Viewer, file: File): Promise<UploadResult> {
  const check = checkAttachment(file);
  if (!check.ok) return { ok: false, reason: check.reason, status: check.reason === 'messages.errors.fileTooLarge' ? 413 : 400 };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length !== file.size) return { ok: false, reason: 'messages.errors.fileEmpty', status: 400 };
  const uuid = randomUUID();
  const dir = filesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, uuid);
  await writeFile(target, bytes);
  const name = path.basename(file.name).slice(0, 255) || 'bijlage';
  try {
    await db.query(
      `INSERT INTO files (uuid, company_id, kind, name, mime, size, storage_key, sha256, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [uuid, viewer.companyId, ATTACHMENT_FILE_KIND, name, check.mime, bytes.length, uuid, createHash('sha256').update(bytes).digest('hex'), viewer.userId],
    );
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  return { ok: true, file: { uuid, name, mime: check.mime, size: bytes.length } };
}

export interface DownloadRow {
  uuid: string;
  name: string;
  mime: string;
  storage_key: string;
}

/**
 * A message attachment the viewer may read: one of a message they sent or received, or their own
 * upload not yet sent. Anything else answers null (unknown and forbidden look the same).
 */
export async function findDownload(db: Db, viewer: Viewer, uuid: string): Promise<DownloadRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  const { rows } = await run<DownloadRow>(
    db,
    sql`SELECT f.uuid::text AS uuid, f.name, f.mime, f.storage_key FROM files f
         WHERE f.uuid = ${uuid}::uuid AND f.company_id = ${viewer.companyId} AND f.kind = ${ATTACHMENT_FILE_KIND} AND f.deleted_at IS NULL
           AND ((f.message_id IS NULL AND f.instrument_id IS NULL AND f.user_id = ${viewer.userId})
             OR EXISTS (SELECT 1 FROM messages m WHERE m.id = f.message_id AND m.deleted_at IS NULL AND ${messagesScope(viewer, 'm')}))`,
  );
  return rows[0] ?? null;
}

export async function readStored(dataDir: string, storageKey: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(storageKey)) return null;
  try {
    return await readFile(path.join(filesDir(dataDir), storageKey));
  } catch {
    return null;
  }
}
