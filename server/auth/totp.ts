import * as OTPAuth from 'otpauth';
import { MFA_CODE_LENGTH } from '../../src/domain/shared/constants';

export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: MFA_CODE_LENGTH,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/**
 * The time-step a code belongs to (one step of drift either way is accepted), or null when it is wrong.
 * Storing the last used step lets the caller refuse a code that was used before.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpFor(secret, 'x', 'x');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
