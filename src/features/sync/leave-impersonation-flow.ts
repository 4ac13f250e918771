/**
 * Leaving an impersonation while its changes have not all reached the server (docs/decisions-sync.md,
 * "Identity per row and per replica"): the changes were made under that chain, so they may only go
 * out under it. Asked first: send now (online), keep them on this device (they go out when that
 * chain is active again) or discard them, or cancel.
 */
import type { OutboxCounts } from './sign-out-flow';

export type LeaveState =
  | { step: 'ask' }
  | { step: 'offline' }
  | { step: 'sending' }
  | { step: 'not-all-sent' }
  | { step: 'discarding' }
  /** Leave now: sent, kept or discarded. */
  | { step: 'leave' }
  | { step: 'cancelled' };

export type LeaveEvent =
  | { type: 'sendNow'; online: boolean }
  | { type: 'drained'; counts: OutboxCounts }
  | { type: 'stalled'; online: boolean }
  | { type: 'keep' }
  | { type: 'discard' }
  | { type: 'discarded' }
  | { type: 'cancel' };

export function leaveFlow(state: LeaveState, event: LeaveEvent): LeaveState {
  if (state.step === 'leave' || state.step === 'cancelled') return state;
  const busy = state.step === 'sending' || state.step === 'discarding';
  switch (event.type) {
    case 'sendNow':
      if (busy) return state;
      return event.online ? { step: 'sending' } : { step: 'offline' };
    case 'drained':
      if (state.step !== 'sending') return state;
      return event.counts.pending + event.counts.failed + event.counts.conflicts > 0 ? { step: 'not-all-sent' } : { step: 'leave' };
    case 'stalled':
      if (state.step !== 'sending') return state;
      return event.online ? { step: 'not-all-sent' } : { step: 'offline' };
    case 'keep':
      return busy ? state : { step: 'leave' };
    case 'discard':
      return busy ? state : { step: 'discarding' };
    case 'discarded':
      return state.step === 'discarding' ? { step: 'leave' } : state;
    case 'cancel':
      return busy ? state : { step: 'cancelled' };
  }
}

/** Whether leaving must ask: anything of this identity not on the server (pending, failed, conflict). */
/** `unsent`: the rows of the impersonation's replica not on the server, counted from its outbox (unsentOnThisDevice). */
export function leaveMustAsk(unsent: number): boolean {
  if (confirmedOnce) {
    confirmedOnce = false;
    return false;
  }
  return unsent > 0;
}

let confirmedOnce = false;

/** The question was answered: the next leave goes ahead without asking again. */
export function confirmLeave(): void {
  confirmedOnce = true;
}
