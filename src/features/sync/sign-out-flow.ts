import type { SignedOutReason } from '../../lib/api/session-events';

/** What is left on this device when the user signs out. */
export interface OutboxCounts {
  pending: number;
  failed: number;
  conflicts: number;
}

/** Signing out deletes the replica, so ask first when anything has not reached the server. */
export function needsSignOutConfirmation(counts: OutboxCounts): boolean {
  return counts.pending + counts.failed + counts.conflicts > 0;
}

/**
 * What happens to the replica when a session ends. The user's own sign-out (after the question),
 * inactivity and too many two-step attempts (a shared device) delete it. A session that ended on
 * its own (expired, maintenance, user gone) keeps it while changes wait, so signing in again as
 * the same user still sends them; without waiting changes it is deleted as well.
 */
export function replicaFateOnSignOut(reason: SignedOutReason, counts: OutboxCounts): 'delete' | 'keep' {
  const involuntary = reason === 'expired' || reason === 'maintenance' || reason === 'noCurrentUser';
  return involuntary && counts.pending > 0 ? 'keep' : 'delete';
}

/** The sign-out question: send now / discard / cancel. */
export type SignOutState =
  | { step: 'ask' }
  | { step: 'offline' }
  | { step: 'sending' }
  | { step: 'not-all-sent' }
  /** Sign out now (everything sent, or the user chose to discard). */
  | { step: 'sign-out' }
  | { step: 'cancelled' };

export type SignOutEvent =
  | { type: 'sendNow'; online: boolean }
  | { type: 'drained'; counts: OutboxCounts }
  /** Sending stopped without emptying the outbox (offline, paused, timed out). */
  | { type: 'stalled'; online: boolean }
  | { type: 'discard' }
  | { type: 'cancel' };

export function signOutFlow(state: SignOutState, event: SignOutEvent): SignOutState {
  if (state.step === 'sign-out' || state.step === 'cancelled') return state;
  switch (event.type) {
    case 'sendNow':
      if (state.step === 'sending') return state;
      return event.online ? { step: 'sending' } : { step: 'offline' };
    case 'drained':
      if (state.step !== 'sending') return state;
      return needsSignOutConfirmation(event.counts) ? { step: 'not-all-sent' } : { step: 'sign-out' };
    case 'stalled':
      if (state.step !== 'sending') return state;
      return event.online ? { step: 'not-all-sent' } : { step: 'offline' };
    case 'discard':
      return { step: 'sign-out' };
    case 'cancel':
      return { step: 'cancelled' };
  }
}

let confirmedOnce = false;

/** The question was answered: the next sign-out goes ahead without asking again. */
export function confirmSignOut(): void {
  confirmedOnce = true;
}

/**
 * For /user/logout: true when it must send the user to the question first. A confirmation given
 * by the question is used up here.
 */
export function signOutMustAsk(counts: OutboxCounts): boolean {
  if (confirmedOnce) {
    confirmedOnce = false;
    return false;
  }
  return needsSignOutConfirmation(counts);
}
