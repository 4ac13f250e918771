import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { authMessage, authMessagesNl } from '../../domain/auth/messages';
import { initI18n } from '../../i18n/i18n';
import { authText, reasonText } from './auth-text';

beforeAll(() => {
  initI18n('nl');
});

describe('auth texts', () => {
  it.each(Object.keys(authMessagesNl))('nl.json says what the server says for %s', (key) => {
    expect(authText(i18next.t, key, { field: 'wachtwoord', minutes: 15 })).toBe(authMessage(key, { field: 'wachtwoord', minutes: 15 }));
  });

  it('translates a server reason through its key, and keeps an unknown one', async () => {
    await i18next.changeLanguage('en');
    expect(reasonText(i18next.t, 'De aanmeldcode is ongeldig.')).toBe('The registration code is invalid.');
    expect(reasonText(i18next.t, authMessage('auth.tooManyFailedLogins', { minutes: 7 }))).toContain('7 minutes');
    expect(reasonText(i18next.t, 'Iets onbekends')).toBe('Iets onbekends');
    await i18next.changeLanguage('nl');
  });
});
