import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AddFileSchema, checkWorkPlanFile, fileRights, mayDeleteFile, WORK_PLAN_FILE_MAX_BYTES } from './files';

describe('work-plan files (domain)', () => {
  it('checks name and size before an upload', () => {
    expect(checkWorkPlanFile({ name: 'verslag.PDF', size: 10 })).toEqual({ ok: true, mime: 'application/pdf' });
    expect(checkWorkPlanFile({ name: 'verslag.pdf', size: WORK_PLAN_FILE_MAX_BYTES })).toMatchObject({ ok: true });
    expect(checkWorkPlanFile({ name: 'verslag.pdf', size: WORK_PLAN_FILE_MAX_BYTES + 1 })).toEqual({ ok: false, reason: 'workPlanFiles.errors.fileTooLarge' });
    expect(checkWorkPlanFile({ name: 'leeg.pdf', size: 0 })).toEqual({ ok: false, reason: 'workPlanFiles.errors.fileEmpty' });
    expect(checkWorkPlanFile({ name: 'setup.exe', size: 10 })).toEqual({ ok: false, reason: 'workPlanFiles.errors.fileTypeNotAllowed' });
    expect(checkWorkPlanFile({ name: 'zonder-extensie', size: 10 })).toEqual({ ok: false, reason: 'workPlanFiles.errors.fileTypeNotAllowed' });
  });

  it('the input names the plan by uuid and the file by a client uuid', () => {
    const uuid = '0b4f6a43-9d7e-4c55-8a43-5b1f0e6f3c21';
    expect(v.safeParse(AddFileSchema, { uuid, name: ' a.pdf ', workPlanUuid: uuid }).output).toEqual({ uuid, name: 'a.pdf', workPlanUuid: uuid });
    const bad = v.safeParse(AddFileSchema, { uuid: 'x', name: '', workPlanUuid: uuid });
    expect(bad.success).toBe(false);
    expect(bad.issues?.map((i) => i.message)).toEqual(['workPlanFiles.errors.invalid', 'workPlanFiles.validation.nameRequired']);
  });

  it('managers and administrators delete any file, coaches their own, others none', () => {
    expect(mayDeleteFile(fileRights('manager'), 1, 2)).toBe(true);
    expect(mayDeleteFile(fileRights('admin'), 1, null)).toBe(true);
    expect(mayDeleteFile(fileRights('coach'), 1, 1)).toBe(true);
    expect(mayDeleteFile(fileRights('coach'), 1, 2)).toBe(false);
    expect(mayDeleteFile(fileRights('participant'), 1, 1)).toBe(false);
    expect(fileRights('platformUser').attach).toBe(false);
  });
});
