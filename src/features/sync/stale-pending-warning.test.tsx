// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialSyncStatus } from '../../domain/sync/status';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { syncStore } from '../../lib/sync-client';
import { StalePendingWarning } from './stale-pending-warning';
import { STALE_PENDING_MS } from './sync-status-view';

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

beforeAll(async () => {
  initI18n('nl');
  // Signed-in screens: their texts load as the guarded routes do (guardRoute).
  await loadTexts();
});

afterEach(() => cleanup());

describe('StalePendingWarning', () => {
  it('is silent while changes are younger than a day', () => {
    Object.assign(syncStore, { ...initialSyncStatus(), pending: 1, oldestPendingAt: Date.now() - 60_000 });
    render(<StalePendingWarning />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('warns about Safari erasing data when a change waited more than a day, and links to the changes', () => {
    Object.assign(syncStore, { ...initialSyncStatus(), pending: 1, oldestPendingAt: Date.now() - STALE_PENDING_MS - 60_000 });
    render(<StalePendingWarning />);
    const warning = screen.getByRole('status');
    expect(warning.textContent).toContain('Wijzigingen wachten al meer dan een dag op verzenden');
    expect(warning.textContent).toContain('Safari');
    expect(screen.getByRole('link', { name: 'Bekijk wijzigingen' }).getAttribute('href')).toBe('/wijzigingen');
  });
});
