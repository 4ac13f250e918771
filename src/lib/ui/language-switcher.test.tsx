// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n, LANGUAGE_STORAGE_KEY } from '../../i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

function Heading() {
  const { t } = useTranslation();
  return <h1>{t('login.title')}</h1>;
}

beforeAll(() => {
  initI18n('nl');
});

afterEach(async () => {
  cleanup();
  await changeLanguage('nl');
});

describe('LanguageSwitcher', () => {
  it('switches to English, follows <html lang> and remembers the choice', async () => {
    render(
      <>
        <LanguageSwitcher />
        <Heading />
      </>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Inloggen');
    expect(screen.getByRole('group', { name: 'Taal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nederlands' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));

    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Sign in'));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });
});
