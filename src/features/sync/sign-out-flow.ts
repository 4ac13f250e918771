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

/** Every unsent row of an outbox by status, counted from the outbox itself (never the worker's last report). */
export interface UnsentCounts {
  pending: number;
  sending: number;
  failed: number;
  conflict: number;
}

export function unsentTotal(counts: UnsentCounts): number {
  return counts.pending + counts.sending + counts.failed + counts.conflict;
}

/** The counts of a list of outbox rows (the rows the sign-out question lists). */
export function countUnsent(rows: readonly { status: keyof UnsentCounts }[]): UnsentCounts {
  const counts: UnsentCounts = { pending: 0, sending: 0, failed: 0, conflict: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** What the user chose in the sign-out question for the rows it listed. */
export type SignOutChoice = 'discard' | 'keep';

/** Session ends that lock the screen (the user signs in again on it) instead of signing out. */
const LOCKING: ReadonlySet<SignedOutReason> = new Set(['expired', 'maintenance', 'noCurrentUser', 'inactivity']);

export function locksScreen(reason: SignedOutReason): boolean {
  return LOCKING.has(reason);
}

/**
 * What happens to one replica when a session ends (docs/decisions-auth-client.md, "Session end keeps
 * unsent work"). Only the user's explicit sign-out deletes, and a replica holding unsent rows only
 * when the user chose to discard them after seeing them listed. Expiry, maintenance, an unknown user,
 * revocation and inactivity lock the screen: the replica stays whatever it holds. Too many two-step
 * codes (no one signed in) deletes an empty replica only.
 */
export function replicaFateOnSignOut(reason: SignedOutReason, unsent: UnsentCounts, choice: SignOutChoice | null = null): 'delete' | 'keep' {
  if (locksScreen(reason)) return 'keep';
  if (unsentTotal(unsent) === 0) return 'delete';
  return reason === 'logout' && choice === 'discard' ? 'delete' : 'keep';
}

/** The sign-out question: send now / keep for later / (save as file, then) discard / cancel. */
export type SignOutState =
  | { step: 'ask' }
  | { step: 'offline' }
  | { step: 'sending' }
  | { step: 'not-all-sent' }
  /** Sign out now: everything sent (no choice needed), or the user chose to discard or keep what is left. */
  | { step: 'sign-out'; choice: SignOutChoice | null }
  | { step: 'cancelled' };

export type SignOutEvent =
  | { type: 'sendNow'; online: boolean }
  | { type: 'drained'; counts: OutboxCounts }
  /** Sending stopped without emptying the outbox (offline, paused, timed out). */
  | { type: 'stalled'; online: boolean }
  | { type: 'discard' }
  /** Sign out, keeping this user's replica and outbox for the next time the same user signs in. */
  | { type: 'keep' }
  | { type: 'cancel' };

export function signOutFlow(state: SignOutState, event: SignOutEvent): SignOutState {
  if (state.step === 'sign-out' || state.step === 'cancelled') return state;
  switch (event.type) {
    case 'sendNow':
      if (state.step === 'sending') return state;
      return event.online ? { step: 'sending' } : { step: 'offline' };
    case 'drained':
      if (state.step !== 'sending') return state;
      return needsSignOutConfirmation(event.counts) ? { step: 'not-all-sent' } : { step: 'sign-out', choice: null };
    case 'stalled':
      if (state.step !== 'sending') return state;
      return event.online ? { step: 'not-all-sent' } : { step: 'offline' };
    case 'discard':
      if (state.step === 'sending') return state;
      return { step: 'sign-out', choice: 'discard' };
    case 'keep':
      if (state.step === 'sending') return state;
      return { step: 'sign-out', choice: 'keep' };
    case 'cancel':
      return { step: 'cancelled' };
  }
}

/** The answer of the question, waiting for /user/logout (`undefined`: not asked). */
let confirmed: SignOutChoice | null | undefined;
/** The answer /user/logout let through, waiting for the sign-out listener that deletes or keeps the replica. */
let chosen: SignOutChoice | null = null;

/** The question was answered: the next sign-out goes ahead without asking again, with this choice. */
export function confirmSignOut(choice: SignOutChoice | null = null): void {
  confirmed = choice;
}

/**
 * For /user/logout: true when it must send the user to the question first (`unsent` counted from the
 * outbox). A confirmation given by the question is used up here; its choice waits for takeSignOutChoice.
 */
export function signOutMustAsk(unsent: number): boolean {
  if (confirmed !== undefined) {
    chosen = confirmed;
    confirmed = undefined;
    return false;
  }
  chosen = null;
  return unsent > 0;
}

/** The choice for the sign-out under way (the sign-out listener takes it once). */
export function takeSignOutChoice(): SignOutChoice | null {
  const choice = chosen;
  chosen = null;
  return choice;
}
