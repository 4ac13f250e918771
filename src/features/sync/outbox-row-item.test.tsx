// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { LEGACY_UNSENDABLE, newOutboxRow, SEND_FAILED, type OutboxRow } from '../../domain/sync/outbox-machine';
import { OutboxRowItem } from './outbox-row-item';

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});
afterEach(() => cleanup());

const failed = (error: string, errorParams: Record<string, unknown> | null): OutboxRow => ({
  ...newOutboxRow({ clientMutationId: '01930000-0000-7000-8000-000000000001', op: 'probes.save', args: { uuid: '01930000-0000-7000-8000-0000000000aa', body: 'mijn notitie' } }, Date.UTC(2026, 11, 7, 9)),
  status: 'failed',
  error,
  errorParams,
});

function show(row: OutboxRow) {
  render(<ul><OutboxRowItem row={row} onRetry={vi.fn()} onDiscard={vi.fn()} onResolve={vi.fn()} /></ul>);
}

describe('a row set aside on the changes page (issue 37)', () => {
  it('after transient failures: its reason with the last error and tries, its input to copy, retry and discard', () => {
    show(failed(SEND_FAILED, { code: 'deadlock detected', attempts: 20 }));
    expect(screen.getByText(/kwam steeds niet aan \(deadlock detected, 20 keer geprobeerd\)/)).toBeTruthy();
    expect(screen.getByTestId('refused-input').textContent).toContain('mijn notitie');
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Weggooien/ })).toBeTruthy();
  });

  it('a former portal queue row that cannot be sent: its reason, copy and discard, no retry (it would fail the same way)', () => {
    show(failed(LEGACY_UNSENDABLE, { op: 'participantAddDocument' }));
    expect(screen.getByText(/oude wachtrij van het portaal/)).toBeTruthy();
    expect(screen.getByTestId('refused-input').textContent).toContain('mijn notitie');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Weggooien/ })).toBeTruthy();
  });
});
