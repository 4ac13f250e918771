import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ChangePasswordSchema, PasswordSchema, PasswordWithConfirmationSchema, passwordProblems } from './password';
import { AUTH_REASONS } from './reasons';

describe('password policy (01 §5)', () => {
  it.each([
    ['Demo-Wachtwoord-2026!', []],
    ['Sterk!Wachtwoord16', []],
    ['Ééntje-Met-Accent-1', []],
    ['A1!aaaaaaaaaaaaa', []],
    ['A1!aaaaaaaaaaaa', ['auth.validation.password.tooShort']],
    ['', ['auth.validation.password.tooShort', 'auth.validation.password.mustHaveNumber', 'auth.validation.password.mustHaveCapital', 'auth.validation.password.mustHaveSpecial']],
    ['geen-hoofdletter-2026!', ['auth.validation.password.mustHaveCapital']],
    ['Geen-Cijfer-Hierin!', ['auth.validation.password.mustHaveNumber']],
    ['GeenSpeciaalTeken2026', ['auth.validation.password.mustHaveSpecial']],
    ['Met Spatie-Erin-2026!', ['auth.validation.password.invalidCharacters']],
    ['Punt.Is.Niet.Toegestaan1!', ['auth.validation.password.invalidCharacters']],
    ['Underscore_Niet_Toegestaan1!', ['auth.validation.password.invalidCharacters']],
    [`A1!${'a'.repeat(126)}`, ['auth.validation.password.tooLong']],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(v.is(PasswordSchema, password)).toBe(problems.length === 0);
  });

  it.each([...'!@#$%&*+-=?/<>'])('special %s counts', (special) => {
    expect(passwordProblems(`Wachtwoord2026xx${special}`)).toEqual([]);
  });

  it('change password: new must differ from old; confirmation must match', () => {
    const same = v.safeParse(ChangePasswordSchema, { oldPassword: 'Demo-Wachtwoord-2026!', newPassword: 'Demo-Wachtwoord-2026!' });
    expect(same.success ? [] : same.issues.map((i) => i.message)).toEqual(['auth.validation.password.sameAsOld']);
    const mismatch = v.safeParse(PasswordWithConfirmationSchema, { password: 'Demo-Wachtwoord-2026!', passwordConfirmation: 'Demo-Wachtwoord-2027!' });
    expect(mismatch.success ? [] : mismatch.issues.map((i) => i.message)).toEqual(['auth.validation.password.mismatch']);
  });

  it('every key is a reason code the server may send (their texts: src/i18n/reason-codes.test.ts)', () => {
    const problems = passwordProblems('');
    expect(problems.length).toBeGreaterThan(0);
    for (const key of problems) expect(AUTH_REASONS).toContain(key);
  });
});
