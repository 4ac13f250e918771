// @vitest-environment jsdom
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { guardRoute } from './guards';

const texts = vi.hoisted(() => ({ loadTexts: vi.fn(() => new Promise<void>(() => undefined)) }));
vi.mock('../i18n/i18n', () => ({ loadTexts: texts.loadTexts }));

const state = vi.hoisted(() => ({ session: { status: 'anonymous', user: null, identityChain: [], company: null }, needsServer: true }));
vi.mock('../lib/session/session-store', () => ({
  ensureSession: () => Promise.resolve(state.session),
  sessionNeedsServer: () => state.needsServer,
  sessionStore: state.session,
}));

/** A route that renders resolves only once the texts have loaded. */
async function expectRouteWaitsForTexts(): Promise<void> {
  let release: () => void = () => undefined;
  texts.loadTexts.mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
  let done = false;
  const guarded = guardRoute('general', '/participants').then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(done).toBe(false);
  release();
  await guarded;
  expect(done).toBe(true);
}

describe('guardRoute (issue 25: the offline start)', () => {
  it('sends a visitor without a session to Login without waiting for the areas\' texts', async () => {
    // The texts never arrive here: a guard that waited for them would never settle.
    const outcome = await guardRoute('general', '/participants').then(
      () => 'allowed',
      (thrown: unknown) => thrown,
    );
    expect(isRedirect(outcome)).toBe(true);
    expect(texts.loadTexts).toHaveBeenCalled();
  });

  it('does not load the areas\' texts on the way to Login when the session is known without the server (offline start)', async () => {
    state.needsServer = false;
    texts.loadTexts.mockClear();
    const outcome = await guardRoute('general', '/participants').then(
      () => 'allowed',
      (thrown: unknown) => thrown,
    );
    state.needsServer = true;
    expect(isRedirect(outcome)).toBe(true);
    expect(texts.loadTexts).not.toHaveBeenCalled();
  });

  it('lets a signed-in user in only once the texts are there (no raw keys on screen)', async () => {
    Object.assign(state.session, {
      status: 'signed-in',
      user: { id: 3, username: 'coach', givenName: 'S', surname: 'V', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 },
    });
    await expectRouteWaitsForTexts();
  });

  it('also waits for the texts when the session was known without the server (a stored session)', async () => {
    state.needsServer = false;
    await expectRouteWaitsForTexts();
    state.needsServer = true;
  });
});
