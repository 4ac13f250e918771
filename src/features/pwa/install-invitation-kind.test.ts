import { describe, expect, it } from 'vitest';
import { installInvitationKind, isIosUserAgent, type InstallContext } from './install-invitation-kind';

const base: InstallContext = { standalone: false, canPrompt: false, ios: false, dismissed: false };

describe('installInvitationKind', () => {
  it.each<[string, Partial<InstallContext>, ReturnType<typeof installInvitationKind>]>([
    ['Chromium offers its prompt', { canPrompt: true }, 'prompt'],
    ['Safari on iOS: the share-sheet hint', { ios: true }, 'ios'],
    ['already installed', { standalone: true, canPrompt: true, ios: true }, null],
    ['dismissed on this device', { dismissed: true, canPrompt: true }, null],
    ['a desktop browser without a prompt', {}, null],
  ])('%s', (_name, patch, expected) => {
    expect(installInvitationKind({ ...base, ...patch })).toBe(expected);
  });
});

describe('isIosUserAgent', () => {
  it.each<[string, string, number, boolean]>([
    ['iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1', 5, true],
    ['iPad (desktop mode)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 5, true],
    ['Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 0, false],
    ['Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 5, false],
  ])('%s', (_name, ua, touch, expected) => {
    expect(isIosUserAgent(ua, touch)).toBe(expected);
  });
});
