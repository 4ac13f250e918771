// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newOutboxRow, type OutboxRow } from '../../domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../domain/sync/types';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { ConflictChoice } from './conflict-choice';
import { chosenValues } from './conflict-form';

/** A queued link of an instrument whose period was changed on the server meanwhile. */
function conflictRow(): OutboxRow {
  const args = { uuid: '0190a8f0-0000-7000-8000-0000000000b1', instrumentId: 4, participantIds: [1], startDate: '2031-05-01', endDate: '2031-07-31' };
  const row = newOutboxRow(
    { clientMutationId: '0190a8f0-0000-7000-8000-0000000000b2', op: 'instruments.saveInstrumentMatch', args, collection: 'instrumentMatches', target: args.uuid, patch: { startDate: args.startDate, endDate: args.endDate }, mode: 'upsert' },
    0,
  );
  const server = { uuid: args.uuid, id: 3, revision: 4, instrumentId: 4, participantId: 1, startDate: '2031-08-01', endDate: '2031-09-30' } as unknown as ReplicaDocument;
  return { ...row, status: 'conflict', serverDocument: server, conflictFields: ['startDate', 'endDate'] };
}

beforeAll(async () => {
  initI18n('nl');
  await loadTexts();
});
afterEach(cleanup);

describe('ConflictChoice on react-hook-form with the write\'s own schema', () => {
  it('gives the values chosen per field', () => {
    const row = conflictRow();
    expect(chosenValues(row, { choices: ['server', 'mine'] })).toEqual({ startDate: '2031-08-01', endDate: '2031-07-31' });
  });

  it('refuses a mix the server would refuse at its field with focus there; the message goes as the choice mends it; then sends', async () => {
    const onResolve = vi.fn(() => Promise.resolve());
    render(<ConflictChoice row={conflictRow()} onResolve={onResolve} />);
    const start = screen.getByRole('group', { name: /^startDate|Startdatum/ });
    const end = screen.getByRole('group', { name: /^endDate|Einddatum/ });
    // The server's start (1 August) with my end (31 July): an end before the start.
    fireEvent.click(start.querySelectorAll('input')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Keuze verzenden' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('De einddatum mag niet voor de startdatum liggen.');
    expect(end.getAttribute('aria-describedby')).toBe(alert.id);
    await waitFor(() => expect(document.activeElement).toBe(end.querySelectorAll('input')[0]));
    expect(onResolve).not.toHaveBeenCalled();
    // Taking the server's end too mends it: the message goes at once, and the choice is sent.
    fireEvent.click(end.querySelectorAll('input')[1]!);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Keuze verzenden' }));
    await waitFor(() => expect(onResolve).toHaveBeenCalledWith({ startDate: '2031-08-01', endDate: '2031-09-30' }));
  });
});
