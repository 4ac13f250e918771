// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueAction, loginHrefFor, type CatalogueAction } from './error-catalogue';
import { setApiEffects } from './effects';
import { peekSessionNotice, pendingSteps, setPendingSteps } from './auth-flow-state';
import { readIdentityChain, writeIdentityChain } from './identity-chain-cookie';
import { onSignedOut } from './session-events';
import { ApiError, UNEXPECTED_EMPTY_RESPONSE } from './api-error';
import { graphRequest, restJson } from './client';

describe('error catalogue (01 §8)', () => {
  it.each<[string, string | null, CatalogueAction]>([
    ['token_expired', null, { kind: 'signIn', notice: 'expired' }],
    ['access_denied', 'Access token has been revoked', { kind: 'signIn', notice: 'expired' }],
    ['access_denied', 'Access token could not be verified', { kind: 'signIn', notice: 'expired' }],
    ['access_denied', 'Something else', { kind: 'passThrough' }],
    ['access_denied', null, { kind: 'passThrough' }],
    ['mfa_validation_required', null, { kind: 'secondFactor', to: '/login/verify' }],
    ['mfa_setup_required', null, { kind: 'secondFactor', to: '/login/setup' }],
    ['imitation_forbidden', null, { kind: 'leaveImpersonation', to: '/error/imitation-not-allowed' }],
    ['sa_imitation_forbidden', null, { kind: 'leaveImpersonation', to: '/error/nosaimitation' }],
    ['maintenance_mode_enabled', null, { kind: 'signIn', notice: 'maintenance' }],
    // Issue 36: a locked session shows the lock screen; a revoked device wipes itself.
    ['session_locked', null, { kind: 'lock' }],
    ['device_revoked', null, { kind: 'wipe' }],
    ['no_current_user', null, { kind: 'signIn', notice: null }],
    ['app_not_visible', null, { kind: 'stay' }],
    ['need_permissions', null, { kind: 'passThrough' }],
    ['invalid_grant', null, { kind: 'passThrough' }],
  ])('%s (%s)', (code, hint, action) => {
    expect(catalogueAction(code, hint)).toEqual(action);
  });

  it.each([
    ['expired', null, '/login?expired=1'],
    ['maintenance', '/participants', '/login?notice=maintenance&redirect_uri=%2Fparticipants'],
    [null, null, '/login'],
  ] as const)('login address for %s', (notice, redirect, href) => {
    expect(loginHrefFor(notice, redirect)).toBe(href);
  });
});

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the fetch wrapper carries the actions out', () => {
  const navigate = vi.fn<(href: string) => void>();
  const clearSession = vi.fn<() => void>();
  const refreshSession = vi.fn<() => Promise<void>>(() => Promise.resolve());
  let restore: () => void = () => undefined;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    sessionStorage.clear();
    writeIdentityChain([]);
    navigate.mockReset();
    clearSession.mockReset();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    restore = setApiEffects({ navigate, clearSession, refreshSession });
    window.history.replaceState(null, '', '/participants');
  });
  afterEach(() => {
    restore();
    vi.unstubAllGlobals();
  });

  it('token_expired on REST: clears session, chain and steps; Login with the expired flag and the way back', async () => {
    writeIdentityChain([5, 9]);
    setPendingSteps(['password_change_required']);
    const signedOut = vi.fn();
    const off = onSignedOut(signedOut);
    fetchMock.mockResolvedValueOnce(answer(401, { error: 'token_expired', message: 'auth.sessionExpired', messageKey: 'auth.sessionExpired' }));
    fetchMock.mockResolvedValue(answer(200, { success: true }));
    await expect(restJson('/api/navigation')).rejects.toMatchObject({ code: 'token_expired', messageKey: 'auth.sessionExpired' });
    expect(clearSession).toHaveBeenCalledOnce();
    expect(readIdentityChain()).toEqual([]);
    expect(pendingSteps()).toEqual([]);
    expect(peekSessionNotice()).toBe('expired');
    expect(signedOut).toHaveBeenCalledWith('expired');
    expect(navigate).toHaveBeenCalledWith('/login?expired=1&redirect_uri=%2Fparticipants');
    off();
  });

  it('sends the impersonated user as x-imitate-user and the cookie with credentials: include', async () => {
    writeIdentityChain([5, 9]);
    fetchMock.mockResolvedValue(answer(200, { data: { ok: true } }));
    await graphRequest('{ ok }');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('x-imitate-user')).toBe('9');
  });

  it('graph mfa_validation_required goes to validation', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: null, errors: [{ message: 'x', extensions: { code: 'mfa_validation_required' } }] }));
    await expect(graphRequest('{ me { id } }')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login/verify');
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('sa_imitation_forbidden leaves impersonation and shows its page', async () => {
    writeIdentityChain([5]);
    fetchMock.mockResolvedValue(answer(403, { error: 'sa_imitation_forbidden', message: 'x' }));
    await expect(restJson('/api/navigation')).rejects.toMatchObject({ code: 'sa_imitation_forbidden' });
    expect(readIdentityChain()).toEqual([]);
    expect(refreshSession).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/error/nosaimitation');
  });

  it('maintenance clears the session with the maintenance notice', async () => {
    fetchMock.mockResolvedValue(answer(503, { error: 'maintenance_mode_enabled', message: 'x' }));
    await expect(restJson('/api/navigation')).rejects.toMatchObject({ code: 'maintenance_mode_enabled' });
    expect(clearSession).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login?notice=maintenance&redirect_uri=%2Fparticipants');
  });

  it('many failing requests at once act once', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(401, { error: 'token_expired', message: 'x' })));
    await Promise.allSettled([restJson('/a'), restJson('/b'), graphRequest('{ a }')]);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('catalogue: false leaves the error to the caller', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: 'no_current_user', message: 'x' }));
    await expect(restJson('/api/oauth/mfa/setup', {}, { catalogue: false })).rejects.toMatchObject({ code: 'no_current_user' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an empty 200 answer is "Unexpected empty response"', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(restJson('/api/navigation')).rejects.toMatchObject({ message: UNEXPECTED_EMPTY_RESPONSE });
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(graphRequest('{ a }')).rejects.toMatchObject({ message: UNEXPECTED_EMPTY_RESPONSE });
  });

  it('graph errors are joined with commas', async () => {
    fetchMock.mockResolvedValue(answer(200, { errors: [{ message: 'een' }, { message: 'twee' }] }));
    await expect(graphRequest('{ a }')).rejects.toMatchObject({ message: 'een, twee', code: null });
  });

  it('cancelled requests pass through untouched', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(restJson('/api/navigation')).rejects.toMatchObject({ name: 'AbortError' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
