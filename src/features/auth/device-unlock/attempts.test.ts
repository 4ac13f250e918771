import { describe, expect, it } from 'vitest';
import { delayAfter, MAX_FAILURES, recordFailure, unlockState, type FailureRecord } from './attempts';

describe('wrong offline passwords: growing delays, then online sign-in required', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 5_000],
    [4, 10_000],
    [5, 20_000],
    [6, 40_000],
    [9, 320_000],
  ])('after %i wrong tries the next waits %i ms', (failures, delay) => {
    expect(delayAfter(failures)).toBe(delay);
  });

  it('waits until the delay has passed, then allows one more try', () => {
    const record: FailureRecord = { failures: 3, lastFailureAt: 1_000 };
    expect(unlockState(record, 1_000)).toEqual({ kind: 'wait', until: 6_000 });
    expect(unlockState(record, 5_999)).toEqual({ kind: 'wait', until: 6_000 });
    expect(unlockState(record, 6_000)).toEqual({ kind: 'ready' });
  });

  it('is disabled after the tenth wrong try, however long one waits', () => {
    let record: FailureRecord = { failures: 0, lastFailureAt: null };
    let at = 0;
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(unlockState(record, at).kind).toBe('ready');
      record = recordFailure(record, at);
      at += delayAfter(record.failures);
    }
    expect(record.failures).toBe(10);
    expect(unlockState(record, at)).toEqual({ kind: 'disabled' });
    expect(unlockState(record, at + 365 * 24 * 3600_000)).toEqual({ kind: 'disabled' });
    expect(recordFailure(record, at).failures).toBe(MAX_FAILURES);
  });

  it('a shorter first delay (tests, demos) scales the same way', () => {
    expect(delayAfter(3, 100)).toBe(100);
    expect(delayAfter(5, 100)).toBe(400);
  });
});
