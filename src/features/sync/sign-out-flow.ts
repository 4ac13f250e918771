import type { SignedOutReason } from '../../lib/api/session-events';
import { OUTBOX_ROW_SENDING } from '../../domain/sync/outbox-machine';

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
 * unsent work"). Only the user's explicit sign-out deletes, and only a replica with nothing unsent:
 * "discard" deleted exactly the rows the question listed before the sign-out (discardListed), so a
 * row still there was queued after the list was shown (another tab) and keeps the replica (issue 37).
 * Expiry, maintenance, an unknown user, revocation and inactivity lock the screen: the replica stays
 * whatever it holds. Too many two-step codes (no one signed in) deletes an empty replica only.
 */
export function replicaFateOnSignOut(reason: SignedOutReason, unsent: UnsentCounts, _choice: SignOutChoice | null = null): 'delete' | 'keep' {
  if (locksScreen(reason)) return 'keep';
  return unsentTotal(unsent) === 0 ? 'delete' : 'keep';
}

/** What a discard left: listed rows being sent (not discardable) and rows queued since the list was shown. */
export interface DiscardOutcome {
  sending: string[];
  unlisted: string[];
}

/**
 * Discards exactly the rows the sign-out question listed (their client mutation ids), each the way the
 * changes page does (rolled back, its file gone), never a row queued since, in this tab or another;
 * then reads the outbox again and says what is left. A listed row being sent stays: what went out is
 * on its way.
 */
export async function discardListed(
  listed: readonly string[],
  outbox: { discard: (id: string) => Promise<void>; unsent: () => Promise<readonly string[]> },
): Promise<DiscardOutcome> {
  const sending: string[] = [];
  for (const id of listed) {
    try {
      await outbox.discard(id);
    } catch (error) {
      if (!(error instanceof Error) || error.message !== OUTBOX_ROW_SENDING) throw error;
      sending.push(id);
    }
  }
  const seen = new Set(listed);
  const unlisted = (await outbox.unsent()).filter((id) => !seen.has(id));
  return { sending, unlisted };
}

/** The sign-out question: send now / keep for later / (save as file, then) discard / cancel. */
export type SignOutState =
  | { step: 'ask' }
  | { step: 'offline' }
  | { step: 'sending' }
  | { step: 'not-all-sent' }
  /** The listed rows are being discarded (discardListed). */
  | { step: 'discarding' }
  /** Discarded what was listed, but rows are left (being sent, or queued since): shown, the user chooses again. */
  | { step: 'left-after-discard'; sending: number; unlisted: number }
  /** Sign out now: everything sent (no choice needed), or the user chose to discard or keep what is left. */
  | { step: 'sign-out'; choice: SignOutChoice | null }
  | { step: 'cancelled' };

export type SignOutEvent =
  | { type: 'sendNow'; online: boolean }
  | { type: 'drained'; counts: OutboxCounts }
  /** Sending stopped without emptying the outbox (offline, paused, timed out). */
  | { type: 'stalled'; online: boolean }
  /** The user chose to discard the rows listed: discardListed runs. */
  | { type: 'discard' }
  /** discardListed finished: how many rows are left. */
  | { type: 'discarded'; sending: number; unlisted: number }
  /** discardListed failed (the worker did not answer): ask again. */
  | { type: 'discardFailed' }
  /** Sign out, keeping this user's replica and outbox for the next time the same user signs in. */
  | { type: 'keep' }
  | { type: 'cancel' };

export function signOutFlow(state: SignOutState, event: SignOutEvent): SignOutState {
  if (state.step === 'sign-out' || state.step === 'cancelled') return state;
  switch (event.type) {
    case 'sendNow':
      if (state.step === 'sending' || state.step === 'discarding') return state;
      return event.online ? { step: 'sending' } : { step: 'offline' };
    case 'drained':
      if (state.step !== 'sending') return state;
      return needsSignOutConfirmation(event.counts) ? { step: 'not-all-sent' } : { step: 'sign-out', choice: null };
    case 'stalled':
      if (state.step !== 'sending') return state;
      return event.online ? { step: 'not-all-sent' } : { step: 'offline' };
    case 'discard':
      if (state.step === 'sending' || state.step === 'discarding') return state;
      return { step: 'discarding' };
    case 'discarded':
      if (state.step !== 'discarding') return state;
      return event.sending + event.unlisted === 0 ? { step: 'sign-out', choice: 'discard' } : { step: 'left-after-discard', sending: event.sending, unlisted: event.unlisted };
    case 'discardFailed':
      return state.step === 'discarding' ? { step: 'ask' } : state;
    case 'keep':
      if (state.step === 'sending' || state.step === 'discarding') return state;
      return { step: 'sign-out', choice: 'keep' };
    case 'cancel':
      // Rows already being discarded go on; the question answers when that is done.
      return state.step === 'discarding' ? state : { step: 'cancelled' };
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
