// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSyncStatus } from '../../domain/sync/status';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { syncStore } from '../../lib/sync-client';
import { SignOutQuestion } from './sign-out-question';
import { pushAndWait } from './sync-actions';

vi.mock('./sync-actions', () => ({ pushAndWait: vi.fn() }));

beforeAll(async () => {
  initI18n('nl');
  // Signed-in screens: their texts load as the guarded routes do (guardRoute).
  await loadTexts();
});

beforeEach(() => {
  Object.assign(syncStore, { ...initialSyncStatus(), state: 'idle', pending: 2, online: true });
  vi.mocked(pushAndWait).mockReset();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

afterEach(() => cleanup());

function setup() {
  const onSignOut = vi.fn();
  const onCancel = vi.fn();
  render(<SignOutQuestion onSignOut={onSignOut} onCancel={onCancel} />);
  return { onSignOut, onCancel };
}

describe('SignOutQuestion', () => {
  it('says how many changes wait and puts focus on the question', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Uitloggen' }).textContent).toContain('2 wijzigingen wachten nog op verzenden');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Uitloggen' }));
  });

  it('send now: signs out once everything arrived', async () => {
    vi.mocked(pushAndWait).mockResolvedValue({ drained: true, counts: { pending: 0, failed: 0, conflicts: 0 } });
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Nu verzenden en uitloggen' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1));
  });

  it('send now: stays and says so when the server refused one', async () => {
    vi.mocked(pushAndWait).mockResolvedValue({ drained: true, counts: { pending: 0, failed: 1, conflicts: 0 } });
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Nu verzenden en uitloggen' }));
    expect(await screen.findByText('Niet alles kon worden verzonden. Bekijk de wijzigingen hieronder.')).toBeTruthy();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('send now offline: does not try, says it is offline', () => {
    Object.assign(syncStore, { online: false, state: 'offline' });
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Nu verzenden en uitloggen' }));
    expect(screen.getByText(/U bent offline/)).toBeTruthy();
    expect(pushAndWait).not.toHaveBeenCalled();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('discard signs out; cancel does not', async () => {
    const first = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Weggooien en uitloggen' }));
    await waitFor(() => expect(first.onSignOut).toHaveBeenCalledTimes(1));
    cleanup();
    const second = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(second.onCancel).toHaveBeenCalledTimes(1));
    expect(second.onSignOut).not.toHaveBeenCalled();
  });
});
