// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadTexts } from '../../../i18n/i18n';
import { displayStore } from '../../../lib/ui/display-settings';
import type { Portal } from '../use-portal';

// The portal's data as a screen sees it while the replica is read: set per test.
const state: { portal: Partial<Portal> } = { portal: {} };
vi.mock('../use-portal', () => ({ usePortal: () => state.portal }));
vi.mock('../pictures/use-picture', () => ({ usePicture: () => null }));

const { SettingsScreen } = await import('./settings-screen');
const { DisplaySettingsSync } = await import('../display-settings-sync');

const user = { uuid: 'u1', id: 7, settings: { theme: 'dark', notificationSetting: 'none', notificationTimeout: 5 } } as unknown as Portal['user'];

function portal(over: Partial<Portal>): Partial<Portal> {
  return { userId: 7, companyId: 1, participantId: 3, ready: true, settingsReady: true, user, participant: null, companySettings: {}, userSettings: user!.settings as Portal['userSettings'], ...over };
}

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});

afterEach(() => cleanup());

describe('the settings form waits for the stored settings', () => {
  it('shows no form (with the defaults) while the user document or the queued rows are still being read', () => {
    // Before: the form showed the defaults ("Meldingen sluiten vanzelf"), and what the user chose there
    // was thrown away when the stored settings arrived and the form started over from them.
    state.portal = portal({ settingsReady: false, user: null, userSettings: {} });
    render(<SettingsScreen />);
    expect(screen.queryByRole('button', { name: 'Instellingen bewaren' })).toBeNull();
    expect(screen.queryByLabelText('Meldingen sluiten vanzelf')).toBeNull();
  });

  it('starts from the stored settings once they are read', () => {
    state.portal = portal({});
    render(<SettingsScreen />);
    expect(screen.getByLabelText<HTMLInputElement>('Donker').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Geen meldingen').checked).toBe(true);
  });
});

describe('DisplaySettingsSync', () => {
  it('leaves the theme and toasts alone until the queued rows are read, then follows the stored settings', () => {
    Object.assign(displayStore, { theme: 'dark', notificationSetting: 'timeout', notificationTimeout: 1 });
    // The replica's older value, while a newer change may still wait in the outbox.
    const older = { theme: 'light', notificationSetting: 'none', notificationTimeout: 5 };
    state.portal = portal({ settingsReady: false, userSettings: older });
    const { rerender } = render(<DisplaySettingsSync />);
    expect({ ...displayStore }).toEqual({ theme: 'dark', notificationSetting: 'timeout', notificationTimeout: 1 });
    state.portal = portal({ settingsReady: true, userSettings: older });
    rerender(<DisplaySettingsSync />);
    expect({ ...displayStore }).toEqual(older);
  });
});
