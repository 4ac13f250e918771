// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NextStep } from '../../domain/auth/error-codes';
import { setPendingSteps } from '../../lib/api/auth-flow-state';

const session = vi.hoisted(() => ({ store: { status: 'anonymous' }, signedIn: true }));

vi.mock('../../lib/session/session-store', () => ({
  sessionStore: session.store,
  signedInAnew: vi.fn(),
  refreshSession: vi.fn(() => {
    session.store.status = session.signedIn ? 'signed-in' : 'anonymous';
    return Promise.resolve();
  }),
}));

const { continueAfterSignIn } = await import('./sign-in-flow');

describe('continueAfterSignIn (01 §4)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    session.store.status = 'anonymous';
    session.signedIn = true;
  });

  it.each<[string, NextStep[], string | undefined, string]>([
    ['two-step not set up → setup', ['mfa_setup_required', 'password_change_required'], undefined, '/login/setup'],
    ['two-step owed → validation, keeping the way back', ['mfa_validation_required'], '/participants', '/login/verify?redirect_uri=%2Fparticipants'],
    ['unvalidated password → forced change', ['password_change_required'], undefined, '/user/changepassword'],
    ['nothing owed → home', [], undefined, '/'],
    ['nothing owed → where the user was going', [], '/dashboards', '/dashboards'],
    ['never to another site', [], '//evil.example/x', '/'],
    ['never back to Login', [], '/login/verify', '/'],
  ])('%s', async (_name, steps, redirect, expected) => {
    setPendingSteps(steps);
    const navigate = vi.fn<(href: string) => void>();
    await continueAfterSignIn(navigate, redirect);
    expect(navigate).toHaveBeenCalledWith(expected);
  });

  it('a session the server does not confirm goes back to Login', async () => {
    session.signedIn = false;
    const navigate = vi.fn<(href: string) => void>();
    await continueAfterSignIn(navigate, '/participants');
    expect(navigate).toHaveBeenCalledWith('/login?redirect_uri=%2Fparticipants');
  });
});
