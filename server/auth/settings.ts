import { loadConfig, type Config } from '../config';
import { secretBoxFor, type SecretBox } from './secret-box';

/** Tunables of sign-in and sessions. Read at call time, so one process can serve apps with different settings (tests). */
export interface AuthSettings {
  /** Wrong passwords per account-and-address pair before delays start (WERKPAD_LOGIN_FREE_FAILURES or WERKPAD_LOGIN_MAX_FAILURES, default 5). */
  maxLoginFailures: number;
  /** Wrong passwords per address, over accounts it never signed in to, before delays start (WERKPAD_LOGIN_MAX_FAILURES_PER_ADDRESS, default 10 × the pair's). */
  maxLoginFailuresPerAddress: number;
  /** Wrong passwords per account, from addresses it never signed in from, before delays start (WERKPAD_LOGIN_MAX_FAILURES_PER_ACCOUNT, default 2 × the pair's). */
  maxAccountFailures: number;
  /** The longest delay; the window of the two-step counter and the length of its lock (WERKPAD_LOGIN_LOCK_MINUTES, default 15). */
  lockMinutes: number;
  /** Wrong second-factor codes per account within lockMinutes before two-step locks for lockMinutes (WERKPAD_MFA_MAX_FAILURES, default 10). */
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
  /** Encrypts and decrypts secrets at rest (two-step secrets): AES-256-GCM, key outside the database. */
  secretBox: () => SecretBox;
}

let envConfig: Config | null = null;

const num = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * A production server's environment does not change after it started: its settings are read once
 * (issue 25: they were read from process.env several times per request). Elsewhere (tests change
 * the environment between apps) they are read at every call.
 */
const ENV_IS_FIXED = process.env.NODE_ENV === 'production';
let fixedSettings: AuthSettings | null = null;

export function authSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  if (ENV_IS_FIXED && env === process.env) return (fixedSettings ??= Object.freeze(readAuthSettings(env)));
  return readAuthSettings(env);
}

function readAuthSettings(env: NodeJS.ProcessEnv): AuthSettings {
  const maxLoginFailures = num(env.WERKPAD_LOGIN_FREE_FAILURES ?? env.WERKPAD_LOGIN_MAX_FAILURES, 5);
  return {
    maxLoginFailures,
    maxLoginFailuresPerAddress: num(env.WERKPAD_LOGIN_MAX_FAILURES_PER_ADDRESS, maxLoginFailures * 10),
    maxAccountFailures: num(env.WERKPAD_LOGIN_MAX_FAILURES_PER_ACCOUNT, maxLoginFailures * 2),
    lockMinutes: num(env.WERKPAD_LOGIN_LOCK_MINUTES, 15),
    maxMfaFailures: num(env.WERKPAD_MFA_MAX_FAILURES, 10),
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
    secretBox: () => secretBoxFor((envConfig ??= loadConfig(env))),
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
  return { ...authSettingsFromEnv(), secretBox: () => secretBoxFor(config), ...overrides.get(config) };
}
