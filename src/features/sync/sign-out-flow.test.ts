import { describe, expect, it } from 'vitest';
import type { SignedOutReason } from '../../lib/api/session-events';
import {
  confirmSignOut,
  needsSignOutConfirmation,
  replicaFateOnSignOut,
  signOutFlow,
  signOutMustAsk,
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

describe('replicaFateOnSignOut', () => {
  it.each<[SignedOutReason, OutboxCounts, 'delete' | 'keep']>([
    ['logout', waiting, 'delete'],
    ['logout', none, 'delete'],
    ['inactivity', waiting, 'delete'],
    ['mfaAttempts', waiting, 'delete'],
    ['expired', waiting, 'keep'],
    ['maintenance', waiting, 'keep'],
    ['noCurrentUser', waiting, 'keep'],
    ['expired', none, 'delete'],
    ['expired', refused, 'delete'],
  ])('%s with %o → %s', (reason, counts, expected) => {
    expect(replicaFateOnSignOut(reason, counts)).toBe(expected);
  });
});

describe('signOutFlow: send now / discard / cancel', () => {
  const run = (events: SignOutEvent[]): SignOutState => events.reduce(signOutFlow, { step: 'ask' } as SignOutState);

  it.each<[string, SignOutEvent[], SignOutState['step']]>([
    ['send now, everything arrives → sign out', [{ type: 'sendNow', online: true }, { type: 'drained', counts: none }], 'sign-out'],
    ['send now offline → says so, stays', [{ type: 'sendNow', online: false }], 'offline'],
    ['send now, server refuses one → not all sent', [{ type: 'sendNow', online: true }, { type: 'drained', counts: refused }], 'not-all-sent'],
    ['send now, connection drops → offline', [{ type: 'sendNow', online: true }, { type: 'stalled', online: false }], 'offline'],
    ['send now, times out online → not all sent', [{ type: 'sendNow', online: true }, { type: 'stalled', online: true }], 'not-all-sent'],
    ['offline, then online again and send → sign out', [{ type: 'sendNow', online: false }, { type: 'sendNow', online: true }, { type: 'drained', counts: none }], 'sign-out'],
    ['not all sent, then discard → sign out', [{ type: 'sendNow', online: true }, { type: 'drained', counts: refused }, { type: 'discard' }], 'sign-out'],
    ['discard → sign out', [{ type: 'discard' }], 'sign-out'],
    ['cancel', [{ type: 'cancel' }], 'cancelled'],
    ['a late answer after cancel changes nothing', [{ type: 'sendNow', online: true }, { type: 'cancel' }, { type: 'drained', counts: none }], 'cancelled'],
    ['a stray answer while asking changes nothing', [{ type: 'drained', counts: none }], 'ask'],
    ['a second "send now" while sending keeps sending', [{ type: 'sendNow', online: true }, { type: 'sendNow', online: false }], 'sending'],
  ])('%s', (_name, events, step) => {
    expect(run(events).step).toBe(step);
  });
});

describe('signOutMustAsk (the gate on /user/logout)', () => {
  it('asks while something waits, not when nothing does', () => {
    expect(signOutMustAsk(waiting)).toBe(true);
    expect(signOutMustAsk(none)).toBe(false);
  });

  it('lets one sign-out through after the question was answered', () => {
    confirmSignOut();
    expect(signOutMustAsk(waiting)).toBe(false);
    expect(signOutMustAsk(waiting)).toBe(true);
  });
});
