import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import { filesDir } from '../messages/files';
import type { Viewer } from '../auth/viewer';

/**
 * Portal files (participant documents, profile and homepage pictures) on local disk beside the
 * message attachments: `<dataDir>/files/<uuid>`, the client's uuid being the row's uuid and storage
 * key, so a resent upload finds the first one (exactly once). The type comes from the content.
 */
export interface ContentCheck {
  bytes: Buffer;
  mime: string;
}

/** Reads the upload and detects its type by content; null when the content type is unknown. */
export async function detect(file: File): Promise<ContentCheck | { bytes: Buffer; mime: null }> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const found = await fileTypeFromBuffer(bytes);
  return { bytes, mime: found?.mime ?? null };
}

export interface NewFile {
  uuid: string;
  kind: number;
  name: string;
  mime: string;
  bytes: Buffer;
  participantId: number | null;
  /** The work plan a work-plan file (kind 3) belongs to. */
  workPlanId?: number | null;
  /** The instrument an instrument document belongs to. */
  instrumentId?: number | null;
}

/** Writes the bytes, then the row (in `tx`); removes the bytes again when the row fails. */
export async function storeFile(tx: Queryable, dataDir: string, viewer: Viewer, f: NewFile): Promise<number> {
  const dir = filesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, f.uuid);
  // Two deliveries of the same upload (a replay racing its first delivery) write the same bytes under
  // the same uuid: only the one that made the file may remove it when its row is refused.
  let created = true;
  try {
    await writeFile(target, f.bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false;
    await writeFile(target, f.bytes);
  }
  try {
    const { rows } = await run<{ id: number }>(
      tx,
      sql`INSERT INTO files (uuid, company_id, kind, name, mime, size, storage_key, sha256, user_id, participant_id, work_plan_id, instrument_id)
          VALUES (${f.uuid}::uuid, ${viewer.companyId}, ${f.kind}, ${f.name}, ${f.mime}, ${f.bytes.length}, ${f.uuid},
                  ${createHash('sha256').update(f.bytes).digest('hex')}, ${viewer.userId}, ${f.participantId}, ${f.workPlanId ?? null}, ${f.instrumentId ?? null})
          RETURNING id`,
    );
    return Number(rows[0]?.id);
  } catch (err) {
    if (created) await rm(target, { force: true });
    throw err;
  }
}

/** A row of `files` (uploads of every kind: attachments, portal documents, pictures, work-plan files). */
export interface FileRow {
  id: number;
  uuid: string;
  kind: number;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  sha256: string | null;
  company_id: number;
  user_id: number | null;
  participant_id: number | null;
  work_plan_id: number | null;
  instrument_id?: number | null;
  deleted_at: Date | null;
}

/** A file row by uuid, any company, deleted or not (replays; a uuid of another company is refused by the callers). */
export async function fileByUuid(db: Queryable, uuid: string): Promise<FileRow | null> {
  const { rows } = await run<FileRow>(db, sql`SELECT * FROM files WHERE uuid = ${uuid}::uuid`);
  return rows[0] ?? null;
}

/** A safe file name: no path, at most 200 characters, the detected extension kept. */
export function safeName(name: string, fallback: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/\p{Cc}/gu, '').trim();
  return (base || fallback).slice(0, 200);
}
