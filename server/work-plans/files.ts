import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Config } from '../config';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { can } from '../auth/permissions';
import { workPlansScope } from '../auth/scope';
import { derivedKeyFor } from '../auth/secret-box';
import { serverCollection } from '../sync/registry';
import { FileReason, WORK_PLAN_FILE_KIND, type FileReasonCode } from '../../src/domain/work-plan-files/files';
import type { FileRow } from '../portal/stored-files';
import { instrumentFileRemovalProblem } from '../instruments/files';

/**
 * Work-plan files (02 §3, §7; issue 11 "files"): who may attach to and remove from which plan, and the
 * short-lived signed download links of `GET /api/files/get-presigned-url/{file}`.
 *
 * Rules (docs/decisions-work-plans.md, "Files"):
 * - attaching (addFile, the target of copyFile) needs the `files` add and `workPlans` edit privileges and the
 *   plan in the viewer's scope (tenant and caseload), not deleted;
 * - removing (deleteFile, restoreFile) needs the `files` delete privilege (managers, administrators), or it is
 *   the viewer's own upload and they may still edit the plan (a coach removes what they added);
 * - copying reads a source file in the viewer's scope (the same scope as the replica's files).
 */

export interface PlanRef {
  id: number;
  participant_id: number;
  company_id: number;
}

/** A plan by uuid the viewer may attach files to, or the reason why not. */
export async function attachablePlan(tx: Queryable, viewer: Viewer, uuid: string): Promise<PlanRef | FileReasonCode> {
  if (!can(viewer, 'add', 'files') || !can(viewer, 'edit', 'workPlans')) return FileReason.forbidden;
  const { rows } = await run<PlanRef>(
    tx,
    sql`SELECT w.id, w.participant_id, w.company_id FROM work_plans w
         WHERE w.uuid = ${uuid}::uuid AND w.company_id = ${viewer.companyId} AND w.deleted_at IS NULL AND ${workPlansScope(viewer, 'w')}`,
  );
  const plan = rows[0];
  return plan ? { id: Number(plan.id), participant_id: Number(plan.participant_id), company_id: Number(plan.company_id) } : FileReason.notFound;
}


/** A file by uuid in the viewer's scope (the replica's rule: unsent attachments only for their uploader). */
export async function fileInScope(tx: Queryable, viewer: Viewer, uuid: string, withDeleted = false): Promise<FileRow | null> {
  const files = serverCollection('files');
  const { rows } = await run<FileRow>(
    tx,
    sql`SELECT f.* FROM files f
         WHERE f.uuid = ${uuid}::uuid AND ${files.tenancy(viewer, 'f')} AND ${files.scope(viewer, 'f')}
           ${withDeleted ? sql`` : sql`AND f.deleted_at IS NULL`}`,
  );
  return rows[0] ?? null;
}

/** Whether the viewer may remove (or bring back) this work-plan file (the plan must be in scope) or instrument document. */
export async function removalProblem(tx: Queryable, viewer: Viewer, file: FileRow): Promise<string | null> {
  // an instrument's document (issue 23): the instrument's rules (server/instruments/files.ts)
  if (file.instrument_id != null) return instrumentFileRemovalProblem(tx, viewer, file);
  if (Number(file.kind) !== WORK_PLAN_FILE_KIND || file.work_plan_id === null) return FileReason.notFound;
  const { rows } = await run<{ id: number }>(
    tx,
    sql`SELECT w.id FROM work_plans w WHERE w.id = ${Number(file.work_plan_id)} AND w.deleted_at IS NULL AND ${workPlansScope(viewer, 'w')}`,
  );
  if (!rows[0]) return FileReason.notFound;
  const own = file.user_id !== null && Number(file.user_id) === viewer.userId;
  if (can(viewer, 'delete', 'files') || (own && can(viewer, 'edit', 'workPlans') && can(viewer, 'add', 'files'))) return null;
  return FileReason.forbidden;
}

// --- signed download links -------------------------------------------------------------------------

/** How long a signed link works. */
export const SIGNED_URL_TTL_SECONDS = 300;
const PURPOSE = 'file-download-v1';

function signature(config: Pick<Config, 'secretKey' | 'secretKeyFile'>, uuid: string, userId: number, expires: number): string {
  return createHmac('sha256', derivedKeyFor(config, PURPOSE)).update(`${uuid.toLowerCase()}\n${userId}\n${expires}`).digest('base64url');
}

/** The path of a signed download link: valid until `expires` (unix seconds) for this file, made for this user. */
export function signedDownloadPath(config: Pick<Config, 'secretKey' | 'secretKeyFile'>, uuid: string, userId: number, expires: number): string {
  const params = new URLSearchParams({ u: String(userId), e: String(expires), s: signature(config, uuid, userId, expires) });
  return `/api/files/download/${uuid.toLowerCase()}?${params.toString()}`;
}

export type SignedCheck = { ok: true; userId: number } | { ok: false; error: 'invalid_signature' | 'url_expired' };

/** Checks a signed link's parameters: the signature first (constant time), then the expiry. */
export function verifySignedDownload(
  config: Pick<Config, 'secretKey' | 'secretKeyFile'>,
  uuid: string,
  params: { u?: string; e?: string; s?: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): SignedCheck {
  const { u, e, s } = params;
  if (!u || !e || !s || !/^\d{1,15}$/.test(u) || !/^\d{1,12}$/.test(e) || !/^[A-Za-z0-9_-]{43}$/.test(s)) return { ok: false, error: 'invalid_signature' };
  const expected = Buffer.from(signature(config, uuid, Number(u), Number(e)));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, error: 'invalid_signature' };
  if (Number(e) < nowSeconds) return { ok: false, error: 'url_expired' };
  return { ok: true, userId: Number(u) };
}
