import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { identificationProblem, identificationSystemOf, maskBsn, UpdateParticipantSchema } from './participant-input';
import { csvField } from '../users/export-columns';

describe('maskBsn', () => {
  it.each([
    ['123456782', '******782'],
    [null, null],
    ['', null],
  ])('%j → %j', (bsn, masked) => {
    expect(maskBsn(bsn)).toBe(masked);
  });
});

describe('identification system (01 §3)', () => {
  it.each([
    ['BSN', { bsn: '123456782' }, null],
    ['BSN', { identification: 'P-1' }, 'admin.errors.participant.identificationNotUsed'],
    ['Persoonsnummer', { identification: 'P-1' }, null],
    ['Persoonsnummer', { bsn: '123456782' }, 'admin.errors.participant.bsnNotUsed'],
    ['Persoonsnummer', { bsn: '  ', identification: '' }, null],
  ] as const)('%s with %j → %s', (system, input, problem) => {
    expect(identificationProblem(system, input)).toBe(problem);
  });
  it('reads the company setting, BSN by default', () => {
    expect(identificationSystemOf({ identificationSystem: 'Persoonsnummer' })).toBe('Persoonsnummer');
    expect(identificationSystemOf({})).toBe('BSN');
    expect(identificationSystemOf(null)).toBe('BSN');
  });
});

describe('UpdateParticipantSchema', () => {
  it('needs an id; names may be left out but not sent empty; the eleven test applies', () => {
    expect(v.safeParse(UpdateParticipantSchema, { lastname: 'X' }).success).toBe(false);
    expect(v.safeParse(UpdateParticipantSchema, { id: '5', city: 'Utrecht' }).success).toBe(true);
    expect(v.safeParse(UpdateParticipantSchema, { id: '5', lastname: ' ' }).success).toBe(false);
    expect(v.safeParse(UpdateParticipantSchema, { id: '5', bsn: '123456789' }).success).toBe(false);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=SUM(A1)', "'=SUM(A1)"],
    [null, ''],
    [42, '42'],
  ])('%j → %j', (value, out) => {
    expect(csvField(value)).toBe(out);
  });
});
