import * as v from 'valibot';

/**
 * The device PIN of users who sign in only through single sign-on (issue 24): they have no password the
 * offline unlock could check, so after an online SSO sign-in they may set a PIN that only this device keeps,
 * as the same PBKDF2 verifier as a password (docs/decisions-sso.md). 6 to 12 digits; one repeated digit or a
 * plain rising/falling run (123456, 987654) is refused as the first thing anyone would try.
 */
export const PIN_MIN = 6;
export const PIN_MAX = 12;

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
