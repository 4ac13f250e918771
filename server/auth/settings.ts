import type { Config } from '../config';

/** Tunables of sign-in and sessions. Read at call time, so one process can serve apps with different settings (tests). */
export interface AuthSettings {
  /** Failed sign-ins per account before it locks (WERKPAD_LOGIN_MAX_FAILURES, default 5). */
  maxLoginFailures: number;
  /** Failed sign-ins per client address before it locks (WERKPAD_LOGIN_MAX_FAILURES_PER_ADDRESS, default 4 × the account limit). */
  maxLoginFailuresPerAddress: number;
  /** Lock duration, and the window in which failures add up (WERKPAD_LOGIN_LOCK_MINUTES, default 15). */
  lockMinutes: number;
  /** Wrong second-factor codes before the session is ended (WERKPAD_MFA_MAX_FAILURES, default 5). */
  maxMfaFailures: number;
  /** Sliding session lifetime without use (WERKPAD_SESSION_TTL_MS, default 8 h). */
  sessionTtlMs: number;
  /** Absolute session lifetime (WERKPAD_SESSION_MAX_HOURS, default 24). */
  sessionMaxMs: number;
  /** Password-reset link validity (WERKPAD_RESET_TOKEN_MINUTES, default 60). */
  resetTokenMs: number;
  /** Registration link validity: 24 h (01 §9). */
  registrationTokenMs: number;
  /** Maintenance mode from the environment (WERKPAD_MAINTENANCE=1); the system_flags row 'maintenance' works too. */
  maintenance: boolean;
  /** TOTP issuer shown in authenticator apps. */
  totpIssuer: string;
  /** Trust x-forwarded-proto / x-forwarded-for (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** SMTP connection URL (SMTP_URL); unset stores mail in email_outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The clock; tests move it instead of sleeping. */
  now: () => Date;
}

const num = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const maxLoginFailures = num(env.WERKPAD_LOGIN_MAX_FAILURES, 5);
  return {
    maxLoginFailures,
    maxLoginFailuresPerAddress: num(env.WERKPAD_LOGIN_MAX_FAILURES_PER_ADDRESS, maxLoginFailures * 4),
    lockMinutes: num(env.WERKPAD_LOGIN_LOCK_MINUTES, 15),
    maxMfaFailures: num(env.WERKPAD_MFA_MAX_FAILURES, 5),
    sessionTtlMs: num(env.WERKPAD_SESSION_TTL_MS, 8 * 60 * 60 * 1000),
    sessionMaxMs: num(env.WERKPAD_SESSION_MAX_HOURS, 24) * 60 * 60 * 1000,
    resetTokenMs: num(env.WERKPAD_RESET_TOKEN_MINUTES, 60) * 60 * 1000,
    registrationTokenMs: 24 * 60 * 60 * 1000,
    maintenance: env.WERKPAD_MAINTENANCE === '1',
    totpIssuer: env.WERKPAD_TOTP_ISSUER ?? 'Werkpad',
    trustProxy: env.TRUST_PROXY === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Werkpad <no-reply@werkpad.nl>',
    now: () => new Date(),
  };
}

const overrides = new WeakMap<Config, Partial<AuthSettings>>();

/**
 * Overrides settings for the app built with this config object (tests: a short lock window, a fake clock).
 * Call again to change them; the app reads them on every request.
 */
export function configureAuth(config: Config, settings: Partial<AuthSettings>): void {
  overrides.set(config, { ...overrides.get(config), ...settings });
}

/** The settings for an app: the environment, then the overrides given to configureAuth. */
export function authSettings(config: Config): AuthSettings {
  return { ...authSettingsFromEnv(), ...overrides.get(config) };
}
