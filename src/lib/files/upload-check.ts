import * as v from 'valibot';
import { AddFileSchema, checkWorkPlanFile } from '../../domain/work-plan-files/files';

/**
 * The upload's check (issue 21): a file chosen, its name as the addFile write's schema takes it, and the
 * file itself as the server checks it on receipt (type, not empty, size). Messages stay i18n keys.
 */
export function uploadProblem(file: { name: string; size: number } | undefined): string | null {
  if (!file) return 'workPlanFiles.upload.chooseFirst';
  const name = v.safeParse(v.pick(AddFileSchema, ['name']), { name: file.name });
  if (!name.success) return name.issues[0].message;
  const check = checkWorkPlanFile(file);
  return check.ok ? null : check.reason;
}
