/** Staff are signed out after a while without input (01 §9: "inactivity logout countdown"). */
export interface InactivityConfig {
  /** Total time without activity before signing out. */
  timeoutMs: number;
  /** The last part of it, shown as a countdown dialog. */
  countdownMs: number;
}

export const DEFAULT_INACTIVITY: InactivityConfig = { timeoutMs: 30 * 60_000, countdownMs: 60_000 };

export const INACTIVITY_OVERRIDE_KEY = 'werkpad.inactivity';
export const LAST_ACTIVITY_KEY = 'werkpad.lastActivity';

const positive = (value: unknown): number | null => {
  const n = Number(value);
  return value !== undefined && value !== null && value !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The build's setting (VITE_INACTIVITY_TIMEOUT_MINUTES, VITE_INACTIVITY_COUNTDOWN_SECONDS), optionally
 * shortened for this browser by localStorage `werkpad.inactivity` = {"timeoutMs":…, "countdownMs":…}
 * (used by tests and demos; it can only make the timeout shorter, never longer).
 */
export function inactivityConfig(env: Record<string, unknown>, override: string | null): InactivityConfig {
  const minutes = positive(env.VITE_INACTIVITY_TIMEOUT_MINUTES);
  const seconds = positive(env.VITE_INACTIVITY_COUNTDOWN_SECONDS);
  let config: InactivityConfig = {
    timeoutMs: minutes === null ? DEFAULT_INACTIVITY.timeoutMs : minutes * 60_000,
    countdownMs: seconds === null ? DEFAULT_INACTIVITY.countdownMs : seconds * 1000,
  };
  if (override) {
    try {
      const parsed = JSON.parse(override) as Record<string, unknown>;
      const timeoutMs = positive(parsed.timeoutMs);
      const countdownMs = positive(parsed.countdownMs);
      config = {
        timeoutMs: timeoutMs === null ? config.timeoutMs : Math.min(timeoutMs, config.timeoutMs),
        countdownMs: countdownMs === null ? config.countdownMs : countdownMs,
      };
    } catch {
      // A malformed override is ignored.
    }
  }
  return { timeoutMs: config.timeoutMs, countdownMs: Math.min(config.countdownMs, config.timeoutMs) };
}

export interface InactivityCallbacks {
  /** The countdown runs: whole seconds left (called every second). */
  onCountdown: (secondsLeft: number) => void;
  /** Activity (or "stay signed in") ended the countdown. */
  onResume: () => void;
  /** Time is up. */
  onExpire: () => void;
}

export interface InactivityClock {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/** Shares the last activity between tabs, so working in one tab keeps the others signed in. */
export interface ActivityStore {
  read: () => number | null;
  write: (at: number) => void;
}

export interface InactivityTimer {
  /** The user did something (ignored while the countdown runs: they must choose in the dialog). */
  activity: () => void;
  /** "Stay signed in": ends the countdown and starts over. */
  stay: () => void;
  stop: () => void;
}

const systemClock: InactivityClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Checks once a second how long the user has been idle; warns for the last countdownMs, then expires once. */
export function createInactivityTimer(
  config: InactivityConfig,
  callbacks: InactivityCallbacks,
  clock: InactivityClock = systemClock,
  shared: ActivityStore | null = null,
): InactivityTimer {
  let last = clock.now();
  let counting = false;
  let done = false;
  let lastWrite = 0;

  const record = (at: number) => {
    last = at;
    // Writing on every mouse move would be wasteful: once every few seconds is plenty.
    if (shared && at - lastWrite >= 5000) {
      lastWrite = at;
      shared.write(at);
    }
  };

  const tick = () => {
    if (done) return;
    const now = clock.now();
    const other = shared?.read() ?? null;
    if (other !== null && other > last) {
      // Activity in another tab: start over here too.
      last = other;
      if (counting) {
        counting = false;
        callbacks.onResume();
      }
    }
    const idle = now - last;
    if (idle >= config.timeoutMs) {
      done = true;
      clock.clearInterval(handle);
      callbacks.onExpire();
      return;
    }
    if (idle >= config.timeoutMs - config.countdownMs) {
      counting = true;
      callbacks.onCountdown(Math.ceil((config.timeoutMs - idle) / 1000));
    }
  };

  const handle = clock.setInterval(tick, 1000);

  return {
    activity: () => {
      if (!counting && !done) record(clock.now());
    },
    stay: () => {
      if (done) return;
      counting = false;
      lastWrite = 0;
      record(clock.now());
      callbacks.onResume();
    },
    stop: () => {
      done = true;
      clock.clearInterval(handle);
    },
  };
}
