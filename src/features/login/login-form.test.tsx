// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { LoginForm } from './login-form';

beforeAll(() => {
  initI18n('nl');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(username: string, password: string): void {
  fireEvent.input(screen.getByLabelText('Gebruikersnaam'), { target: { value: username } });
  fireEvent.input(screen.getByLabelText('Wachtwoord', { selector: 'input' }), { target: { value: password } });
}

describe('LoginForm', () => {
  it('shows the Dutch required-field messages and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginForm onSignedIn={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Veld Gebruikersnaam is niet ingevuld')).toBeTruthy();
    expect(screen.getByText('Veld Wachtwoord is niet ingevuld')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the form-encoded password grant and continues on success', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn(() => Promise.resolve());
    render(<LoginForm onSignedIn={onSignedIn} />);
    fill('coach', 'geheim & veilig');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/oauth/token');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('grant_type=password&username=coach&password=geheim+%26+veilig');
  });

  it.each([
    [
      'the reason code with its params, translated',
      { error: 'account_locked', message: 'auth.tooManyFailedLogins', messageKey: 'auth.tooManyFailedLogins', params: { minutes: 7 } },
      'Te veel mislukte inlogpogingen. Uw account is tijdelijk geblokkeerd; probeer het over 7 minuten opnieuw.',
    ],
    ['the invalid-credentials text without a code', { error: 'invalid_grant' }, 'We kunnen uw inlog gegevens niet valideren. Probeer het nogmaals.'],
    ['never the server\'s message', { error: 'invalid_grant', message: 'Iets anders' }, 'We kunnen uw inlog gegevens niet valideren. Probeer het nogmaals.'],
  ])('shows %s on failure', async (_name, body, text) => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 401 }))));
    const onSignedIn = vi.fn(() => Promise.resolve());
    render(<LoginForm onSignedIn={onSignedIn} />);
    fill('coach', 'fout');
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('toggles password visibility with an accessible name', async () => {
    render(<LoginForm onSignedIn={() => Promise.resolve()} />);
    const input = screen.getByLabelText('Wachtwoord', { selector: 'input' });
    expect(input.getAttribute('type')).toBe('password');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord tonen' }));
      await Promise.resolve();
    });
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Wachtwoord verbergen' }).getAttribute('aria-pressed')).toBe('true');
  });
});
