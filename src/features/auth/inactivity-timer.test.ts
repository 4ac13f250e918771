// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInactivityTimer, DEFAULT_INACTIVITY, inactivityConfig, type ActivityStore } from './inactivity-timer';

describe('inactivityConfig', () => {
  it.each([
    ['defaults: 30 minutes, 60 s countdown', {}, null, DEFAULT_INACTIVITY],
    ['from the build', { VITE_INACTIVITY_TIMEOUT_MINUTES: '15', VITE_INACTIVITY_COUNTDOWN_SECONDS: '30' }, null, { timeoutMs: 900_000, countdownMs: 30_000 }],
    ['nonsense falls back', { VITE_INACTIVITY_TIMEOUT_MINUTES: 'abc', VITE_INACTIVITY_COUNTDOWN_SECONDS: '-1' }, null, DEFAULT_INACTIVITY],
    ['an override shortens', {}, '{"timeoutMs":5000,"countdownMs":3000}', { timeoutMs: 5000, countdownMs: 3000 }],
    ['an override never lengthens', {}, '{"timeoutMs":99999999}', DEFAULT_INACTIVITY],
    ['a malformed override is ignored', {}, '{oops', DEFAULT_INACTIVITY],
    ['the countdown is never longer than the timeout', {}, '{"timeoutMs":2000,"countdownMs":9000}', { timeoutMs: 2000, countdownMs: 2000 }],
  ] as const)('%s', (_name, env, override, expected) => {
    expect(inactivityConfig(env, override)).toEqual(expected);
  });
});

describe('createInactivityTimer', () => {
  const config = { timeoutMs: 10_000, countdownMs: 4_000 };
  let onCountdown: ReturnType<typeof vi.fn<(s: number) => void>>;
  let onResume: ReturnType<typeof vi.fn<() => void>>;
  let onExpire: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    onCountdown = vi.fn();
    onResume = vi.fn();
    onExpire = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  const start = (shared: ActivityStore | null = null) => createInactivityTimer(config, { onCountdown, onResume, onExpire }, undefined, shared);

  it('stays quiet until the countdown, counts down each second, then expires once', () => {
    start();
    vi.advanceTimersByTime(5_000);
    expect(onCountdown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onCountdown).toHaveBeenLastCalledWith(4);
    vi.advanceTimersByTime(2_000);
    expect(onCountdown).toHaveBeenLastCalledWith(2);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onExpire).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('activity before the countdown starts over', () => {
    const timer = start();
    vi.advanceTimersByTime(5_000);
    timer.activity();
    vi.advanceTimersByTime(5_000);
    expect(onCountdown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(onCountdown).toHaveBeenCalled();
  });

  it('during the countdown only "stay signed in" helps, not a stray mouse move', () => {
    const timer = start();
    vi.advanceTimersByTime(7_000);
    timer.activity();
    vi.advanceTimersByTime(1_000);
    expect(onCountdown).toHaveBeenLastCalledWith(2);
    timer.stay();
    expect(onResume).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('activity in another tab keeps this one signed in and ends its countdown', () => {
    let shared: number | null = null;
    const store: ActivityStore = { read: () => shared, write: (at) => (shared = at) };
    start(store);
    vi.advanceTimersByTime(7_000);
    expect(onCountdown).toHaveBeenCalled();
    shared = Date.now();
    vi.advanceTimersByTime(1_000);
    expect(onResume).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('stop ends the checks', () => {
    const timer = start();
    timer.stop();
    vi.advanceTimersByTime(60_000);
    expect(onCountdown).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
  });
});
