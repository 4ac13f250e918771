import * as v from 'valibot';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, checkAttachment } from '../messages/attachments';

/**
 * Files of a work plan (02 §3 "files", §7 addFile, copyFile, deleteFile; file kind 3 "work plan file").
 * The allowed types and the 10 MB limit are the message attachments' (one list for every staff upload):
 * the extension names the type, and the server checks the bytes against it (server/http/upload-content.ts).
 */
export const WORK_PLAN_FILE_KIND = 3;
export const WORK_PLAN_FILE_MAX_BYTES = ATTACHMENT_MAX_BYTES;
export const WORK_PLAN_FILE_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** The reason codes of the file calls (keys of the workPlanFiles locale area). */
export const FileReason = {
  notFound: 'workPlanFiles.errors.notFound',
  forbidden: 'workPlanFiles.errors.forbidden',
  fileMissing: 'workPlanFiles.errors.fileMissing',
  fileEmpty: 'workPlanFiles.errors.fileEmpty',
  fileTooLarge: 'workPlanFiles.errors.fileTooLarge',
  fileTypeNotAllowed: 'workPlanFiles.errors.fileTypeNotAllowed',
  invalid: 'workPlanFiles.errors.invalid',
  offline: 'workPlanFiles.errors.offline',
  failed: 'workPlanFiles.errors.failed',
} as const;
export type FileReasonCode = (typeof FileReason)[keyof typeof FileReason];

const Uuid = v.pipe(v.string(FileReason.invalid), v.uuid(FileReason.invalid));

export const FileNameSchema = v.pipe(
  v.string('workPlanFiles.validation.nameRequired'),
  v.trim(),
  v.minLength(1, 'workPlanFiles.validation.nameRequired'),
  v.maxLength(200, 'workPlanFiles.validation.nameTooLong'),
);

/** addFile: the client's uuid for the new file (a resend is answered once), its name and the plan it belongs to. */
export const AddFileSchema = v.object({
  uuid: Uuid,
  name: FileNameSchema,
  workPlanUuid: Uuid,
});
export type AddFileInput = v.InferOutput<typeof AddFileSchema>;

/** copyFile: a file in scope copied (same bytes, new row) to a work plan in scope. */
export const CopyFileSchema = v.object({
  uuid: Uuid,
  sourceUuid: Uuid,
  workPlanUuid: Uuid,
});
export type CopyFileInput = v.InferOutput<typeof CopyFileSchema>;

export const FileRefSchema = v.object({ uuid: Uuid });
export type FileRefInput = v.InferOutput<typeof FileRefSchema>;

export type FileCheck = { ok: true; mime: string } | { ok: false; reason: FileReasonCode };

/** Before upload (client) and on receipt (server): an allowed extension, not empty, at most 10 MB. */
export function checkWorkPlanFile(file: { name: string; size: number }): FileCheck {
  const check = checkAttachment(file);
  if (check.ok) return check;
  const reason =
    check.reason === 'messages.errors.fileTooLarge' ? FileReason.fileTooLarge : check.reason === 'messages.errors.fileEmpty' ? FileReason.fileEmpty : FileReason.fileTypeNotAllowed;
  return { ok: false, reason };
}

/** What a role may do with a plan's files in the screens (the server decides again: server/work-plans/files.ts). */
export interface FileRights {
  /** Upload to and copy into plans in scope. */
  attach: boolean;
  /** Delete any file of a plan in scope (else only one's own uploads, when attaching is allowed). */
  deleteAny: boolean;
}

export function fileRights(kind: 'admin' | 'manager' | 'coach' | 'platformUser' | 'chronos' | 'participant'): FileRights {
  return { attach: kind === 'admin' || kind === 'manager' || kind === 'coach', deleteAny: kind === 'admin' || kind === 'manager' };
}

export function mayDeleteFile(rights: FileRights, viewerUserId: number, uploaderId: number | null): boolean {
  return rights.deleteAny || (rights.attach && uploaderId !== null && uploaderId === viewerUserId);
}
