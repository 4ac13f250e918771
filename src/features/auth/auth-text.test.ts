import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../i18n/i18n';
import { authText, reasonText } from './auth-text';

beforeAll(() => {
  initI18n('nl');
});

describe('auth texts', () => {
  it('translates a reason code with its params in both languages', async () => {
    expect(reasonText(i18next.t, 'auth.registrationCodeInvalid')).toBe('De aanmeldcode is ongeldig.');
    expect(reasonText(i18next.t, 'auth.tooManyFailedLogins', { minutes: 7 })).toContain('over 7 minuten');
    await i18next.changeLanguage('en');
    expect(reasonText(i18next.t, 'auth.registrationCodeInvalid')).toBe('The registration code is invalid.');
    expect(reasonText(i18next.t, 'auth.tooManyFailedLogins', { minutes: 7 })).toContain('7 minutes');
    await i18next.changeLanguage('nl');
  });

  it('names a field by its code, or by the label a form gives', () => {
    expect(authText(i18next.t, 'validation.required', { field: 'username' })).toBe('Veld gebruikersnaam is niet ingevuld');
    expect(authText(i18next.t, 'validation.required', { field: 'Wachtwoord' })).toBe('Veld Wachtwoord is niet ingevuld');
  });

  it('never shows a sentence the server wrote: an unknown code reads as the general problem', () => {
    const generic = i18next.t('auth.genericProblem');
    expect(reasonText(i18next.t, 'Iets onbekends')).toBe(generic);
    expect(reasonText(i18next.t, 'De aanmeldcode is ongeldig.')).toBe(generic);
    expect(reasonText(i18next.t, null)).toBe(generic);
  });
});
