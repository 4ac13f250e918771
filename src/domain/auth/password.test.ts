import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ChangePasswordSchema, PasswordSchema, PasswordWithConfirmationSchema, passwordProblems } from './password';
import { authMessage, authMessagesNl } from './messages';

describe('password policy (01 §5)', () => {
  it.each([
    ['Demo-Wachtwoord-2026!', []],
    ['Sterk!Wachtwoord16', []],
    ['Ééntje-Met-Accent-1', []],
    ['A1!aaaaaaaaaaaaa', []],
    ['A1!aaaaaaaaaaaa', ['validation.password.tooShort']],
    ['', ['validation.password.tooShort', 'validation.password.mustHaveNumber', 'validation.password.mustHaveCapital', 'validation.password.mustHaveSpecial']],
    ['geen-hoofdletter-2026!', ['validation.password.mustHaveCapital']],
    ['Geen-Cijfer-Hierin!', ['validation.password.mustHaveNumber']],
    ['GeenSpeciaalTeken2026', ['validation.password.mustHaveSpecial']],
    ['Met Spatie-Erin-2026!', ['validation.password.invalidCharacters']],
    ['Punt.Is.Niet.Toegestaan1!', ['validation.password.invalidCharacters']],
    ['Underscore_Niet_Toegestaan1!', ['validation.password.invalidCharacters']],
    [`A1!${'a'.repeat(126)}`, ['validation.password.tooLong']],
  ])('%j → %j', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(v.is(PasswordSchema, password)).toBe(problems.length === 0);
  });

  it.each([...'!@#$%&*+-=?/<>'])('special %s counts', (special) => {
    expect(passwordProblems(`Wachtwoord2026xx${special}`)).toEqual([]);
  });

  it('change password: new must differ from old; confirmation must match', () => {
    const same = v.safeParse(ChangePasswordSchema, { oldPassword: 'Demo-Wachtwoord-2026!', newPassword: 'Demo-Wachtwoord-2026!' });
    expect(same.success ? [] : same.issues.map((i) => i.message)).toEqual(['validation.password.sameAsOld']);
    const mismatch = v.safeParse(PasswordWithConfirmationSchema, { password: 'Demo-Wachtwoord-2026!', passwordConfirmation: 'Demo-Wachtwoord-2027!' });
    expect(mismatch.success ? [] : mismatch.issues.map((i) => i.message)).toEqual(['validation.password.mismatch']);
  });

  it('every key has Dutch text', () => {
    for (const key of passwordProblems('') ) expect(key in authMessagesNl).toBe(true);
    expect(authMessage('auth.tooManyFailedLogins', { minutes: 15 })).toContain('15 minuten');
    expect(authMessage('validation.required', { field: 'wachtwoord' })).toBe('Veld wachtwoord is niet ingevuld');
  });
});
