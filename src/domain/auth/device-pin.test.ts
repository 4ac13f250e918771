import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DevicePinSchema, PIN_ITERATIONS, PIN_MIN, isWeakPin } from './device-pin';

const problems = (pin: string, repeat = pin) => {
  const r = v.safeParse(DevicePinSchema, { pin, repeat });
  return r.success ? [] : r.issues.map((i) => i.message);
};

/** One core of the build machine, measured with node's pbkdf2Sync (docs/decisions-offline-unlock.md). */
const MEASURED_ITERATIONS_PER_SECOND = 2.1e6;
const CORE_YEAR_SECONDS = 3.15e7;

describe('device PIN rules', () => {
  it('takes 8 to 12 digits typed twice the same', () => {
    expect(problems('48291573')).toEqual([]);
    expect(problems('482915730461')).toEqual([]);
    expect(problems('4829157')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('482915')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('4829157304611')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('48a91573')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('48291573', '48291574')).toEqual(['auth.deviceUnlock.pinMismatch']);
  });

  it('refuses one repeated digit and plain runs (also wrapping 89012345), not a PIN with a run inside', () => {
    for (const weak of ['00000000', '111111111', '12345678', '98765432', '89012345', '3210987654']) expect(isWeakPin(weak)).toBe(true);
    for (const fine of ['12345679', '11223344', '13579135', '48291573']) expect(isWeakPin(fine)).toBe(false);
    expect(problems('12345678')).toEqual(['auth.deviceUnlock.pinWeak']);
  });

  it('makes guessing the whole PIN space from a copied disk cost at least a year of one CPU core', () => {
    const seconds = 10 ** PIN_MIN * (PIN_ITERATIONS / MEASURED_ITERATIONS_PER_SECOND);
    expect(seconds).toBeGreaterThan(CORE_YEAR_SECONDS);
    // Still a year on a core twice as fast as the measured one.
    expect(seconds / 2).toBeGreaterThan(CORE_YEAR_SECONDS);
  });
});
