import { afterEach, describe, expect, it, vi } from 'vitest';
import { reopenedStatus } from '../../src/domain/work-plan/views';
import { today } from './common';

describe("the server's today (a plan's status)", () => {
  afterEach(() => vi.useRealTimers());

  it('is the day in Amsterdam: at 00:40 there (23:40 UTC) a plan starting that day is running, not to start', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T23:40:00Z'));
    expect(today()).toBe('2026-11-27');
    expect(reopenedStatus('2026-11-27', today())).toBe('running');
    vi.setSystemTime(new Date('2026-06-30T21:59:00Z'));
    expect(today()).toBe('2026-06-30');
  });
});
