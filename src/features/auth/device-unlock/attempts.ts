/**
 * How many wrong passwords offline unlock takes (issue 18): the first three are free; after the
 * third each try waits twice as long as the one before (5 s, 10 s, 20 s, …); after the tenth, offline
 * unlock is off until the user signs in online (which also resets the count).
 */
export const FREE_FAILURES = 3;
export const MAX_FAILURES = 10;
export const FIRST_DELAY_MS = 5_000;

export interface FailureRecord {
  failures: number;
  /** When the last wrong password was entered (ms since epoch), null when none. */
  lastFailureAt: number | null;
}

export type UnlockState = { kind: 'ready' } | { kind: 'wait'; until: number } | { kind: 'disabled' };

/** The wait after `failures` wrong passwords in a row (0 while they are free). */
export function delayAfter(failures: number, firstDelayMs: number = FIRST_DELAY_MS): number {
  if (failures < FREE_FAILURES) return 0;
  return firstDelayMs * 2 ** (failures - FREE_FAILURES);
}

/** Whether a password may be tried now. */
export function unlockState(record: FailureRecord, now: number, firstDelayMs: number = FIRST_DELAY_MS): UnlockState {
  if (record.failures >= MAX_FAILURES) return { kind: 'disabled' };
  const delay = delayAfter(record.failures, firstDelayMs);
  if (delay === 0 || record.lastFailureAt === null) return { kind: 'ready' };
  const until = record.lastFailureAt + delay;
  return now < until ? { kind: 'wait', until } : { kind: 'ready' };
}

/** After a wrong password. */
export function recordFailure(record: FailureRecord, now: number): FailureRecord {
  return { failures: Math.min(record.failures + 1, MAX_FAILURES), lastFailureAt: now };
}
