import { describe, expect, it } from 'vitest';
import { uploadProblem } from './upload-check';

describe('upload form check: the addFile write\'s name and the server\'s file check', () => {
  it('no file, a refused type, an empty file, a name too long; a good file passes', () => {
    expect(uploadProblem(undefined)).toBe('workPlanFiles.upload.chooseFirst');
    expect(uploadProblem({ name: 'tool.exe', size: 10 })).toBe('workPlanFiles.errors.fileTypeNotAllowed');
    expect(uploadProblem({ name: 'leeg.pdf', size: 0 })).toBe('workPlanFiles.errors.fileEmpty');
    expect(uploadProblem({ name: `${'a'.repeat(201)}.pdf`, size: 10 })).toBe('workPlanFiles.validation.nameTooLong');
    expect(uploadProblem({ name: 'verslag.pdf', size: 10 })).toBeNull();
  });
});
