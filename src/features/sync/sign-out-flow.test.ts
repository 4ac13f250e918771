import { describe, expect, it } from 'vitest';
import type { SignedOutReason } from '../../lib/api/session-events';
import { OutboxRowSending } from '../../domain/sync/outbox-machine';
import {
  confirmSignOut,
  countUnsent,
  discardListed,
  locksScreen,
  needsSignOutConfirmation,
  replicaFateOnSignOut,
  signOutFlow,
  signOutMustAsk,
  takeSignOutChoice,
  unsentTotal,
  type OutboxCounts,
  type SignOutEvent,
  type SignOutState,
} from './sign-out-flow';

const none: OutboxCounts = { pending: 0, failed: 0, conflicts: 0 };
const waiting: OutboxCounts = { pending: 2, failed: 0, conflicts: 0 };
const refused: OutboxCounts = { pending: 0, failed: 1, conflicts: 0 };

describe('needsSignOutConfirmation', () => {
  it.each<[OutboxCounts, boolean]>([
    [none, false],
    [waiting, true],
    [refused, true],
    [{ pending: 0, failed: 0, conflicts: 1 }, true],
  ])('%o → %s', (counts, expected) => {
    expect(needsSignOutConfirmation(counts)).toBe(expected);
  });
});

describe('replicaFateOnSignOut: nothing unsent goes without the user\'s explicit choice', () => {
  // The outbox's own counts per status (`conflicts` too, the name the worker's report used).
  const row = (status: 'pending' | 'sending' | 'failed' | 'conflict') => ({
    ...{ pending: 0, sending: 0, failed: 0, conflict: 0, conflicts: 0 },
    [status]: 1,
    ...(status === 'conflict' ? { conflicts: 1 } : {}),
  });
  const states: [string, ReturnType<typeof row>][] = [
    ['nothing unsent', { pending: 0, sending: 0, failed: 0, conflict: 0, conflicts: 0 }],
    ['a pending row', row('pending')],
    ['a sending row', row('sending')],
    ['a failed row', row('failed')],
    ['a conflict', row('conflict')],
  ];
  const locking: SignedOutReason[] = ['expired', 'maintenance', 'noCurrentUser', 'inactivity'];
  for (const reason of locking) {
    it.each(states)(`${reason} with %s → keep (the screen locks, the replica stays)`, (_name, unsent) => {
      expect(replicaFateOnSignOut(reason, unsent)).toBe('keep');
    });
  }
  it.each(states.slice(1))('mfaAttempts with %s → keep', (_name, unsent) => {
    expect(replicaFateOnSignOut('mfaAttempts', unsent)).toBe('keep');
  });
  it.each(states.slice(1))('an explicit sign-out that reached the end without the question, with %s → keep', (_name, unsent) => {
    expect(replicaFateOnSignOut('logout', unsent)).toBe('keep');
  });
  it.each(states.slice(1))('an explicit sign-out, %s, "keep them for later" → keep', (_name, unsent) => {
    expect(replicaFateOnSignOut('logout', unsent, 'keep')).toBe('keep');
  });
  it.each(states.slice(1))('an explicit sign-out, %s still there after the listed rows were discarded (queued since) → keep', (_name, unsent) => {
    expect(replicaFateOnSignOut('logout', unsent, 'discard')).toBe('keep');
  });
  it('an explicit sign-out with nothing unsent → delete (whatever was chosen)', () => {
    expect(replicaFateOnSignOut('logout', states[0]![1])).toBe('delete');
    expect(replicaFateOnSignOut('logout', states[0]![1], 'keep')).toBe('delete');
  });
  it('too many two-step codes with nothing unsent → delete (a shared device, nobody signed in)', () => {
    expect(replicaFateOnSignOut('mfaAttempts', states[0]![1])).toBe('delete');
  });
  it('locks the screen for expiry, maintenance, an unknown user, revocation (expired) and inactivity only', () => {
    expect((['expired', 'maintenance', 'noCurrentUser', 'inactivity', 'logout', 'mfaAttempts'] as const).filter(locksScreen)).toEqual([
      'expired',
      'maintenance',
      'noCurrentUser',
      'inactivity',
    ]);
  });
});

describe('signOutFlow: send now / keep / discard / cancel', () => {
  const run = (events: SignOutEvent[]): SignOutState => events.reduce(signOutFlow, { step: 'ask' } as SignOutState);

  it.each<[string, SignOutEvent[], SignOutState['step']]>([
    ['send now, everything arrives → sign out', [{ type: 'sendNow', online: true }, { type: 'drained', counts: none }], 'sign-out'],
    ['send now offline → says so, stays', [{ type: 'sendNow', online: false }], 'offline'],
    ['send now, server refuses one → not all sent', [{ type: 'sendNow', online: true }, { type: 'drained', counts: refused }], 'not-all-sent'],
    ['send now, connection drops → offline', [{ type: 'sendNow', online: true }, { type: 'stalled', online: false }], 'offline'],
    ['send now, times out online → not all sent', [{ type: 'sendNow', online: true }, { type: 'stalled', online: true }], 'not-all-sent'],
    ['offline, then online again and send → sign out', [{ type: 'sendNow', online: false }, { type: 'sendNow', online: true }, { type: 'drained', counts: none }], 'sign-out'],
    ['not all sent, then discard, the listed rows gone → sign out', [{ type: 'sendNow', online: true }, { type: 'drained', counts: refused }, { type: 'discard' }, { type: 'discarded', sending: 0, unlisted: 0 }], 'sign-out'],
    ['discard, the listed rows gone → sign out', [{ type: 'discard' }, { type: 'discarded', sending: 0, unlisted: 0 }], 'sign-out'],
    ['keep for later → sign out', [{ type: 'keep' }], 'sign-out'],
    ['offline, then keep for later → sign out', [{ type: 'sendNow', online: false }, { type: 'keep' }], 'sign-out'],
    ['no discarding while sending', [{ type: 'sendNow', online: true }, { type: 'discard' }], 'sending'],
    ['cancel', [{ type: 'cancel' }], 'cancelled'],
    ['a late answer after cancel changes nothing', [{ type: 'sendNow', online: true }, { type: 'cancel' }, { type: 'drained', counts: none }], 'cancelled'],
    ['a stray answer while asking changes nothing', [{ type: 'drained', counts: none }], 'ask'],
    ['a second "send now" while sending keeps sending', [{ type: 'sendNow', online: true }, { type: 'sendNow', online: false }], 'sending'],
  ])('%s', (_name, events, step) => {
    expect(run(events).step).toBe(step);
  });
});

describe('signOutFlow: the choice it signs out with', () => {
  const run = (events: SignOutEvent[]): SignOutState => events.reduce(signOutFlow, { step: 'ask' } as SignOutState);
  it('discard, keep, or none when everything was sent', () => {
    expect(run([{ type: 'discard' }, { type: 'discarded', sending: 0, unlisted: 0 }])).toEqual({ step: 'sign-out', choice: 'discard' });
    expect(run([{ type: 'keep' }])).toEqual({ step: 'sign-out', choice: 'keep' });
    expect(run([{ type: 'sendNow', online: true }, { type: 'drained', counts: none }])).toEqual({ step: 'sign-out', choice: null });
  });
});

describe('countUnsent: every row of the outbox, by status', () => {
  it('counts pending, sending, failed and conflict rows', () => {
    const counts = countUnsent([{ status: 'pending' }, { status: 'sending' }, { status: 'failed' }, { status: 'conflict' }, { status: 'pending' }]);
    expect(counts).toEqual({ pending: 2, sending: 1, failed: 1, conflict: 1 });
    expect(unsentTotal(counts)).toBe(5);
  });
});

describe('signOutMustAsk (the gate on /user/logout, counted from the outbox)', () => {
  it('asks while something is unsent, not when nothing is', () => {
    expect(signOutMustAsk(2)).toBe(true);
    expect(signOutMustAsk(0)).toBe(false);
    expect(takeSignOutChoice()).toBeNull();
  });

  it('lets one sign-out through after the question was answered, and hands its choice to the sign-out listener once', () => {
    confirmSignOut('keep');
    expect(signOutMustAsk(2)).toBe(false);
    expect(takeSignOutChoice()).toBe('keep');
    expect(takeSignOutChoice()).toBeNull();
    expect(signOutMustAsk(2)).toBe(true);
  });

  it('a gate passed without the question carries no choice', () => {
    confirmSignOut('discard');
    expect(signOutMustAsk(1)).toBe(false);
    expect(signOutMustAsk(0)).toBe(false);
    expect(takeSignOutChoice()).toBeNull();
  });
});

describe('discard at sign-out deletes exactly the rows the user saw listed (issue 37)', () => {
  const listed = ['0193-a', '0193-b', '0193-c'];
  it('a row queued in a second tab after the list was shown is not discarded, and is reported', async () => {
    const outbox = new Set([...listed, '0193-z']);
    const discarded: string[] = [];
    const outcome = await discardListed(listed, {
      discard: (id) => {
        discarded.push(id);
        outbox.delete(id);
        return Promise.resolve();
      },
      unsent: () => Promise.resolve([...outbox]),
    });
    expect(discarded).toEqual(listed);
    expect([...outbox]).toEqual(['0193-z']);
    expect(outcome).toEqual({ sending: [], unlisted: ['0193-z'] });
  });
  it('a listed row being sent stays (what went out is on its way) and is reported; other errors stop the discard', async () => {
    const outbox = new Set(listed);
    const outcome = await discardListed(listed, {
      discard: (id) => {
        if (id === '0193-b') return Promise.reject(new OutboxRowSending());
        outbox.delete(id);
        return Promise.resolve();
      },
      unsent: () => Promise.resolve([...outbox]),
    });
    expect(outcome).toEqual({ sending: ['0193-b'], unlisted: [] });
    await expect(discardListed(listed, { discard: () => Promise.reject(new Error('kapot')), unsent: () => Promise.resolve([]) })).rejects.toThrow('kapot');
  });
  it('the question signs out with "discard" only when nothing is left; otherwise it says what was left and asks again', () => {
    expect(signOutFlow({ step: 'discarding' }, { type: 'discarded', sending: 0, unlisted: 0 })).toEqual({ step: 'sign-out', choice: 'discard' });
    expect(signOutFlow({ step: 'discarding' }, { type: 'discarded', sending: 0, unlisted: 1 })).toEqual({ step: 'left-after-discard', sending: 0, unlisted: 1 });
    expect(signOutFlow({ step: 'ask' }, { type: 'discard' })).toEqual({ step: 'discarding' });
    expect(signOutFlow({ step: 'left-after-discard', sending: 0, unlisted: 1 }, { type: 'discard' })).toEqual({ step: 'discarding' });
    expect(signOutFlow({ step: 'discarding' }, { type: 'keep' })).toEqual({ step: 'discarding' });
  });
  it('after the listed rows were discarded, a row queued since keeps the replica', () => {
    expect(replicaFateOnSignOut('logout', { pending: 1, sending: 0, failed: 0, conflict: 0 }, 'discard')).toBe('keep');
    expect(replicaFateOnSignOut('logout', { pending: 0, sending: 0, failed: 0, conflict: 0 }, 'discard')).toBe('delete');
  });
});
