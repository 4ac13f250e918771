import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DevicePinSchema, isWeakPin } from './device-pin';

const problems = (pin: string, repeat = pin) => {
  const r = v.safeParse(DevicePinSchema, { pin, repeat });
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe('device PIN rules', () => {
  it('takes 6 to 12 digits typed twice the same', () => {
    expect(problems('482915')).toEqual([]);
    expect(problems('482915730461')).toEqual([]);
    expect(problems('48291')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('4829157304611')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('48a915')).toEqual(['auth.deviceUnlock.pinFormat']);
    expect(problems('482915', '482916')).toEqual(['auth.deviceUnlock.pinMismatch']);
  });

  it('refuses one repeated digit and plain runs (also wrapping 890123), not a PIN with a run inside', () => {
    for (const weak of ['000000', '111111111', '123456', '987654', '890123', '3210987']) expect(isWeakPin(weak)).toBe(true);
    for (const fine of ['123457', '112233', '135791', '482915']) expect(isWeakPin(fine)).toBe(false);
    expect(problems('123456')).toEqual(['auth.deviceUnlock.pinWeak']);
  });
});
