// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSyncStatus } from '../../domain/sync/status';
import { initI18n, loadTexts } from '../../i18n/i18n';
import { syncStore } from '../../lib/sync-client';
import { SignOutQuestion } from './sign-out-question';
import { outboxActions, pushAndWait } from './sync-actions';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import type * as Hooks from '../../lib/replica/hooks';
import { sessionStore } from '../../lib/session/session-store';

vi.mock('./sync-actions', () => ({ pushAndWait: vi.fn(), outboxActions: { discard: vi.fn(), list: vi.fn() } }));

/** The outbox as the question reads it (useOutboxRows): one row of each status. */
const outbox = vi.hoisted(() => ({ rows: [] as OutboxRow[] }));
vi.mock('../../lib/replica/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof Hooks>()),
  useOutboxRows: () => outbox.rows,
}));

function row(n: number, status: OutboxRow['status'], args: Record<string, unknown>): OutboxRow {
  return {
    clientMutationId: `0193000${n}-0000-7000-8000-000000000000`,
    op: 'probes.save',
    args,
    collection: 'syncProbes',
    target: String(args.uuid),
    mode: 'upsert',
    baseRevision: null,
    baseValues: null,
    conflictFields: status === 'conflict' ? ['body'] : null,
    patch: null,
    previous: null,
    status,
    error: status === 'failed' ? 'not_found' : null,
    serverDocument: null,
    createdAt: Date.UTC(2026, 10, 26, 9, n),
    attempts: 0,
    nextAttemptAt: 0,
  };
}

beforeAll(async () => {
  initI18n('nl');
  // Signed-in screens: their texts load as the guarded routes do (guardRoute).
  await loadTexts();
});

beforeEach(() => {
  Object.assign(syncStore, { ...initialSyncStatus(), state: 'idle', pending: 2, online: true });
  outbox.rows = [
    row(1, 'pending', { uuid: 'a', body: 'eerste' }),
    row(2, 'sending', { uuid: 'b', body: 'tweede' }),
    row(3, 'failed', { uuid: 'c', body: 'derde' }),
    row(4, 'conflict', { uuid: 'd', body: 'vierde' }),
  ];
  Object.assign(sessionStore, {
    status: 'signed-in',
    user: { id: 7, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 3, participantId: null, participantStatusId: null, companyId: 1 },
    identityChain: [],
    company: null,
  });
  vi.mocked(pushAndWait).mockReset();
  // The worker's outbox: discarding a row removes it; listing reads what is there now.
  vi.mocked(outboxActions.discard).mockReset().mockImplementation((id: string) => {
    outbox.rows = outbox.rows.filter((r) => r.clientMutationId !== id);
    return Promise.resolve();
  });
  vi.mocked(outboxActions.list).mockReset().mockImplementation(() => Promise.resolve(outbox.rows));
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
  it('lists every unsent row of the outbox (pending, sending, failed, conflict) and puts focus on the question', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Uitloggen' });
    expect(region.textContent).toContain('4 wijzigingen staan nog niet op de server');
    const list = screen.getByRole('list', { name: 'Wijzigingen die nog niet op de server staan' });
    expect(Array.from(list.querySelectorAll('li')).map((li) => li.querySelector('.sign-out-question__status')?.textContent)).toEqual([
      'Wacht op verzenden',
      'Wordt verzonden',
      'Niet verzonden',
      'Conflict',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Uitloggen' }));
  });

  it('lists the rows though the worker has reported nothing yet', () => {
    Object.assign(syncStore, { pending: 0, failed: 0, conflicts: 0 });
    setup();
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('sign-out-question__row'))).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Nu verzenden en uitloggen' })).toBeTruthy();
  });

  it('keep for later signs out with the choice "keep"', async () => {
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Bewaren voor later en uitloggen' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledWith('keep'));
  });

  it('save as file offers a readable JSON file of the rows, then the user still chooses', async () => {
    const created: Blob[] = [];
    const clicked: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:unsent';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan als bestand' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatch(/^werkpad-niet-verzonden-coach-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    const text = await created[0]!.text();
    expect(text).toContain('\n  "changes": [');
    const file = JSON.parse(text) as { count: number; user: { username: string }; changes: { status: string; operation: string; input: unknown; reason: string | null }[] };
    expect(file.count).toBe(4);
    expect(file.user.username).toBe('coach');
    expect(file.changes.map((c) => c.status)).toEqual(['pending', 'sending', 'failed', 'conflict']);
    expect(file.changes[2]).toMatchObject({ operation: 'probes.save', input: { uuid: 'c', body: 'derde' } });
    expect(file.changes[2]!.reason).toBeTruthy();
    expect(screen.getByText(/^Opgeslagen als werkpad-niet-verzonden-coach/)).toBeTruthy();
    expect(onSignOut).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('send now: signs out once everything arrived', async () => {
    vi.mocked(pushAndWait).mockResolvedValue({ drained: true, counts: { pending: 0, failed: 0, conflicts: 0 } });
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Nu verzenden en uitloggen' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledWith(null));
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

  it('discard deletes the listed rows and signs out; cancel does not', async () => {
    outbox.rows = outbox.rows.filter((r) => r.status !== 'sending');
    const first = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Weggooien en uitloggen' }));
    await waitFor(() => expect(first.onSignOut).toHaveBeenCalledWith('discard'));
    expect(outbox.rows).toEqual([]);
    cleanup();
    const second = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(second.onCancel).toHaveBeenCalledTimes(1));
    expect(second.onSignOut).not.toHaveBeenCalled();
  });

  it('discard deletes exactly the rows listed: a row queued in a second tab after the list was shown stays, the user is told, and no sign-out happens', async () => {
    outbox.rows = outbox.rows.filter((r) => r.status !== 'sending');
    const listedIds = outbox.rows.map((r) => r.clientMutationId);
    const { onSignOut } = setup();
    // Another tab queues a row after the list was shown (this screen has not shown it yet).
    const later = row(9, 'pending', { uuid: 'z', body: 'uit het andere tabblad' });
    outbox.rows = [...outbox.rows, later];
    fireEvent.click(screen.getByRole('button', { name: 'Weggooien en uitloggen' }));
    expect(await screen.findByText(/1 wijziging is gemaakt nadat deze lijst werd getoond/)).toBeTruthy();
    expect(vi.mocked(outboxActions.discard).mock.calls.map(([id]) => id)).toEqual(listedIds);
    expect(outbox.rows).toEqual([later]);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('a listed row being sent is not discarded: said, no sign-out', async () => {
    vi.mocked(outboxActions.discard).mockImplementation((id: string) => {
      if (outbox.rows.find((r) => r.clientMutationId === id)?.status === 'sending') return Promise.reject(new Error('sync.errors.discardWhileSending'));
      outbox.rows = outbox.rows.filter((r) => r.clientMutationId !== id);
      return Promise.resolve();
    });
    const { onSignOut } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Weggooien en uitloggen' }));
    expect(await screen.findByText(/1 wijziging werd net verzonden/)).toBeTruthy();
    expect(outbox.rows.map((r) => r.status)).toEqual(['sending']);
    expect(onSignOut).not.toHaveBeenCalled();
  });
});
