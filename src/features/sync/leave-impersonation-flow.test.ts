import { describe, expect, it } from 'vitest';
import { confirmLeave, leaveFlow, leaveMustAsk, type LeaveState } from './leave-impersonation-flow';

const none = { pending: 0, failed: 0, conflicts: 0 };

describe('leaving an impersonation with unsent changes', () => {
  it('asks only while changes of this identity wait, and once after the question was answered', () => {
    expect(leaveMustAsk(0)).toBe(false);
    expect(leaveMustAsk(1)).toBe(true);
    confirmLeave();
    expect(leaveMustAsk(1)).toBe(false);
    expect(leaveMustAsk(1)).toBe(true);
  });

  it('send now: online sends and leaves when all went, stays when not; offline says so', () => {
    const ask: LeaveState = { step: 'ask' };
    expect(leaveFlow(ask, { type: 'sendNow', online: false })).toEqual({ step: 'offline' });
    const sending = leaveFlow(ask, { type: 'sendNow', online: true });
    expect(sending).toEqual({ step: 'sending' });
    expect(leaveFlow(sending, { type: 'keep' })).toEqual(sending);
    expect(leaveFlow(sending, { type: 'drained', counts: none })).toEqual({ step: 'leave' });
    expect(leaveFlow(sending, { type: 'drained', counts: { ...none, failed: 1 } })).toEqual({ step: 'not-all-sent' });
    expect(leaveFlow(sending, { type: 'stalled', online: false })).toEqual({ step: 'offline' });
  });

  it('keep leaves at once; discard leaves only after the changes are gone; cancel stays', () => {
    expect(leaveFlow({ step: 'offline' }, { type: 'keep' })).toEqual({ step: 'leave' });
    const discarding = leaveFlow({ step: 'ask' }, { type: 'discard' });
    expect(discarding).toEqual({ step: 'discarding' });
    expect(leaveFlow(discarding, { type: 'cancel' })).toEqual(discarding);
    expect(leaveFlow(discarding, { type: 'discarded' })).toEqual({ step: 'leave' });
    expect(leaveFlow({ step: 'ask' }, { type: 'cancel' })).toEqual({ step: 'cancelled' });
    expect(leaveFlow({ step: 'leave' }, { type: 'cancel' })).toEqual({ step: 'leave' });
  });
});
