/**
 * The work-plan files' declared writes (src/domain/writes/define.ts): delete, its undo and copy work
 * offline through the sync outbox (`syncApi().workPlanFiles.<action>`); the upload (addFile) too: its bytes
 * wait beside its outbox row and go as a multipart request (docs/writes.md, "Files").
 * Server effects: server/graph/types/work-plan-files.ts.
 */
import { defineWrite } from '../writes/define';
import { AddFileSchema, CopyFileSchema, FileReason, FileRefSchema, WORK_PLAN_FILE_KIND, WORK_PLAN_FILE_MAX_BYTES } from './files';

/** What the screen shows of a copy before the server has it (display only). */
export interface CopyExtra {
  name: string;
  mime: string;
  size: number;
  workPlanId: number;
  userId: number;
}

export const workPlanFileWrites = {
  addFile: defineWrite<typeof AddFileSchema, CopyExtra>({
    mutation: 'addFile',
    input: AddFileSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      kind: WORK_PLAN_FILE_KIND,
      name: i.name,
      mime: ctx.mime,
      size: ctx.size,
      workPlanId: ctx.workPlanId,
      userId: ctx.userId,
      createdAt: ctx.now,
    }),
    displayOnly: ['name', 'mime', 'size', 'workPlanId', 'userId', 'kind'],
    file: { maxBytes: WORK_PLAN_FILE_MAX_BYTES, tooLarge: FileReason.fileTooLarge, empty: FileReason.fileEmpty, deviceFull: 'workPlanFiles.errors.deviceFull' },
  }),
  deleteFile: defineWrite({
    mutation: 'deleteFile',
    input: FileRefSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'delete' },
    patch: () => ({ _deleted: true }),
  }),
  /** Undo of deleteFile once the server has it (before that the queued delete is discarded). */
  restoreFile: defineWrite({
    mutation: 'restoreFile',
    input: FileRefSchema,
  }),
  copyFile: defineWrite<typeof CopyFileSchema, CopyExtra>({
    mutation: 'copyFile',
    input: CopyFileSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      kind: 3,
      name: ctx.name,
      mime: ctx.mime,
      size: ctx.size,
      workPlanId: ctx.workPlanId,
      userId: ctx.userId,
      createdAt: ctx.now,
    }),
    displayOnly: ['name', 'mime', 'size', 'workPlanId', 'userId', 'kind'],
  }),
};
