import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parseDutchDate } from './field-rules';
import { AddUserSchema, UpdateUserSchema, UserIdSchema, NO_IDENTIFIER } from './user-input';
import { isValidBsn } from '../participants/participant-input';
import { issueReason } from '../shared/issue-reason';

describe('parseDutchDate', () => {
  it.each([
    ['01-02-2025', '2025-02-01'],
    ['1-2-2025', '2025-02-01'],
    ['29-02-2024', '2024-02-29'],
    ['29-02-2023', null],
    ['31-04-2025', null],
    ['2025-02-01', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(parseDutchDate(input)).toBe(expected);
  });
});

describe('isValidBsn (elfproef)', () => {
  it.each([
    ['111222333', true],
    ['123456782', true],
    ['123456789', false],
    ['12345678', false],
    ['abcdefghi', false],
  ])('%s → %s', (bsn, ok) => {
    expect(isValidBsn(bsn)).toBe(ok);
  });
});

describe('user schemas (01 §5)', () => {
  it('adding must have no identifier; updating must have one', () => {
    expect(v.safeParse(AddUserSchema, { id: 3, username: 'a', roleId: 4, surname: 'B' }).success).toBe(false);
    expect(v.safeParse(AddUserSchema, { username: 'a', roleId: '4', surname: 'B' }).success).toBe(true);
    const upd = v.safeParse(UpdateUserSchema, { surname: 'B' });
    expect(upd.success).toBe(false);
    expect(upd.issues?.[0]?.message).toBe(NO_IDENTIFIER);
  });
  it.each([[null], ['x'], [''], [-1], ['1.5']])('block needs a numeric id: %j is refused', (id) => {
    const res = v.safeParse(UserIdSchema, id);
    expect(res.success).toBe(false);
    expect(res.issues?.[0]?.message).toBe(NO_IDENTIFIER);
  });
  it('a missing required field answers a reason code naming the field (the texts live in the locale files)', () => {
    const res = v.safeParse(AddUserSchema, { roleId: 4 });
    expect(res.issues?.map((i) => issueReason(i))).toEqual(
      expect.arrayContaining([
        { reason: 'validation.required', params: { field: 'username' } },
        { reason: 'validation.required', params: { field: 'surname' } },
      ]),
    );
  });
  it('a too long text names the field and its maximum', () => {
    const res = v.safeParse(AddUserSchema, { username: 'a', roleId: 4, surname: 'B', notes: 'x'.repeat(5001) });
    expect(issueReason(res.issues?.[0])).toEqual({ reason: 'validation.maxLength', params: { field: 'notes', max: 5000 } });
  });
  it('a message that is not a code (valibot\'s English default) never reaches a user', () => {
    expect(issueReason({ message: 'Invalid type: Expected string but received 5', path: [{ key: 'city' }] })).toEqual({ reason: 'reasons.invalidField', params: { field: 'city' } });
    expect(issueReason({ message: 'Invalid type' })).toEqual({ reason: 'reasons.invalidInput', params: null });
  });
});
