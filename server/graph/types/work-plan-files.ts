import { ok as writeOk, refuse, registerWrite } from '../../sync/writes';
import { run, sql } from '../../db/sql';
import { auditMutation } from '../scoped';
import { fileByUuid, safeName, storeFile } from '../../portal/stored-files';
import { uploadContentProblem } from '../../http/upload-content';
import { attachablePlan, fileInScope, removalProblem } from '../../work-plans/files';
import { checkWorkPlanFile, FileReason, WORK_PLAN_FILE_KIND } from '../../../src/domain/work-plan-files/files';
import { workPlanFileWrites } from '../../../src/domain/work-plan-files/writes';

/**
 * Work-plan files (02 §7: addFile, copyFile, deleteFile; issue 11). addFile is a multipart graph request
 * (01 §7: a `query` part, a `variables` part and a `file` part): the body limit of 10 MB is counted while it
 * streams (server/http/security.ts), the graph route and this resolver check the bytes against the name's
 * type (server/http/upload-content.ts). deleteFile, its undo restoreFile, and copyFile are declared writes
 * (src/domain/work-plan-files/writes.ts), so they work offline. Rules: server/work-plans/files.ts.
 */

/**
 * addFile (declared write with a file: docs/writes.md, "Files"): the bytes are the `file` part of a
 * multipart graph request, queued offline beside the outbox row and sent exactly once by its client
 * mutation id. A resend of the same file uuid under another id answers success once the file is there.
 */
registerWrite(
  workPlanFileWrites.addFile,
  async ({ tx, viewer, input, graph }) => {
    const plan = await attachablePlan(tx, viewer, input.workPlanUuid);
    if (typeof plan === 'string') return refuse(plan);
    const existing = await fileByUuid(tx, input.uuid);
    if (existing) {
      const same =
        Number(existing.company_id) === viewer.companyId && Number(existing.kind) === WORK_PLAN_FILE_KIND && Number(existing.user_id) === viewer.userId &&
        Number((existing as { work_plan_id?: number | null }).work_plan_id) === plan.id;
      return same ? writeOk() : refuse(FileReason.invalid);
    }
    const file = graph.upload;
    if (!file) return refuse(FileReason.fileMissing);
    const check = checkWorkPlanFile({ name: input.name, size: file.size });
    if (!check.ok) return refuse(check.reason);
    // The bytes must be what the name says (magic bytes); the graph route checked the part's own name already.
    const named = new File([file], input.name);
    if (await uploadContentProblem(named)) return refuse(FileReason.fileTypeNotAllowed);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length === 0) return refuse(FileReason.fileEmpty);
    if (bytes.length !== file.size) return refuse(FileReason.invalid);
    const id = await storeFile(tx, graph.config.dataDir, viewer, {
      uuid: input.uuid,
      kind: WORK_PLAN_FILE_KIND,
      name: safeName(input.name, 'bestand'),
      mime: check.mime,
      bytes,
      participantId: plan.participant_id,
      workPlanId: plan.id,
    });
    await auditMutation(tx, { ...graph, viewer }, 'workPlan.file.add', 'file', id, { workPlanId: plan.id, size: bytes.length, mime: check.mime });
    return writeOk();
  },
  {
    description:
      'Attaches a file to a work plan (file kind 3). Multipart graph request: the `file` part carries the bytes (at most 10 MB; pdf, images, Office documents, text), checked by content.',
  },
);

registerWrite(
  workPlanFileWrites.deleteFile,
  async ({ tx, viewer, current }) => {
    if (!current) return refuse(FileReason.notFound);
    const file = await fileInScope(tx, viewer, String(current.uuid), true);
    if (!file) return refuse(FileReason.notFound);
    const problem = await removalProblem(tx, viewer, file);
    if (problem) return refuse(problem);
    if (file.deleted_at === null) await run(tx, sql`UPDATE files SET deleted_at = now() WHERE id = ${Number(file.id)}`);
    return writeOk();
  },
  { description: 'Removes a file from a work plan (soft delete; restoreFile undoes it). Managers and administrators any file in scope, others their own uploads.' },
);

registerWrite(
  workPlanFileWrites.restoreFile,
  async ({ tx, viewer, input }) => {
    const file = await fileInScope(tx, viewer, input.uuid, true);
    if (!file) return refuse(FileReason.notFound);
    const problem = await removalProblem(tx, viewer, file);
    if (problem) return refuse(problem);
    if (file.deleted_at !== null) await run(tx, sql`UPDATE files SET deleted_at = NULL WHERE id = ${Number(file.id)}`);
    return writeOk();
  },
  { description: 'Undoes deleteFile: the file is back on its work plan.' },
);

registerWrite(
  workPlanFileWrites.copyFile,
  async ({ tx, viewer, input, current }) => {
    if (current) {
      // A replay of the same copy answers success; a uuid used for anything else is refused.
      return Number(current.user_id) === viewer.userId && Number(current.kind) === WORK_PLAN_FILE_KIND ? writeOk() : refuse(FileReason.invalid);
    }
    const taken = await fileByUuid(tx, input.uuid);
    if (taken) return refuse(FileReason.invalid);
    const plan = await attachablePlan(tx, viewer, input.workPlanUuid);
    if (typeof plan === 'string') return refuse(plan);
    const source = await fileInScope(tx, viewer, input.sourceUuid);
    if (!source) return refuse(FileReason.notFound);
    // The bytes are not written twice: stored files never change, so the copy shares the storage key.
    await run(
      tx,
      sql`INSERT INTO files (uuid, company_id, kind, name, mime, size, storage_key, sha256, user_id, participant_id, work_plan_id, copied_from_id)
          VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${WORK_PLAN_FILE_KIND}, ${source.name}, ${source.mime}, ${Number(source.size)}, ${source.storage_key},
                  ${source.sha256}, ${viewer.userId}, ${plan.participant_id}, ${plan.id}, ${Number(source.id)})`,
    );
    return writeOk();
  },
  { description: 'Copies a file in scope to a work plan in scope (a new file row over the same bytes).' },
);
