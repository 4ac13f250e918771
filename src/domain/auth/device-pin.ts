import * as v from 'valibot';

/**
 * The device PIN of users who sign in only through single sign-on (issue 24): they have no password the
 * offline unlock could check, so after an online SSO sign-in they may set a PIN that only this device keeps,
 * as a PBKDF2 verifier and a wrap of the data key (docs/decisions-sso.md). 8 to 12 digits; one repeated digit
 * or a plain rising/falling run (12345678, 98765432) is refused as the first thing anyone would try.
 *
 * Length and cost (issue 36, docs/decisions-offline-unlock.md "Guess cost"): someone with a copy of the disk
 * tries PINs away from the app's wrong-try limit, so the whole PIN space must cost at least a year of one CPU
 * core: 10^8 PINs × 1,500,000 PBKDF2-SHA-256 iterations ÷ 2.1·10^6 iterations per second (measured, node's
 * pbkdf2Sync, one core of the build machine) = 7.1·10^7 s ≈ 2.3 years (≥ 3.15·10^7 s, with room for a core twice
 * as fast). Six digits would need 31 s per guess; eight at 600,000 iterations fell short (2.8·10^7 s).
 */
export const PIN_MIN = 8;
export const PIN_MAX = 12;
/** PBKDF2-SHA-256 iterations of a PIN's verifier and wrap (a password's: 600,000; its space is far larger). */
export const PIN_ITERATIONS = 1_500_000;

export function isWeakPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10));
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

export const DevicePinSchema = v.pipe(
  v.object({
    pin: v.pipe(
      v.string(),
      v.regex(new RegExp(`^\\d{${PIN_MIN},${PIN_MAX}}$`), 'auth.deviceUnlock.pinFormat'),
      v.check((pin) => !isWeakPin(pin), 'auth.deviceUnlock.pinWeak'),
    ),
    repeat: v.string(),
  }),
  v.forward(
    v.partialCheck([['pin'], ['repeat']], (input) => input.pin === input.repeat, 'auth.deviceUnlock.pinMismatch'),
    ['repeat'],
  ),
);
export type DevicePinValues = v.InferOutput<typeof DevicePinSchema>;
