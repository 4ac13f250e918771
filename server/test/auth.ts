import type { Hono } from 'hono';
import type { Db } from '../db/db';
import { createTestDb } from './db';
import { loadConfig, type Config } from '../config';
import { createApp } from '../app';
import { configureAuth, type AuthSettings } from '../auth/settings';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/session';
import * as OTPAuth from 'otpauth';
import { secretBoxOf } from '../auth/secret-box';

/** The key that encrypts two-step secrets in test apps (WERKPAD_SECRET_KEY): 32 bytes, base64. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
const testBox = secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]);

/** Test helpers for sign-in. Everything runs through app.request(): no network. */

/** The demo seed's password too, so signIn(app, 'admin') works against seeded demo users as well as these fixtures. */
export const TEST_PASSWORD = 'Demo-Wachtwoord-2026!';

/** A fresh, migrated database (server/test/db.ts: PGlite, or a throwaway PostgreSQL database). */
export function createAuthTestDb(): Promise<Db> {
  return createTestDb();
}

export interface AuthFixtures {
  companyA: number;
  companyB: number;
  /** user ids by username */
  users: Record<'admin' | 'manager' | 'coach' | 'sa' | 'participant' | 'admin2' | 'coach2', number>;
  participantId: number;
}

/** Two companies with a user of each role that matters for sign-in; every password is TEST_PASSWORD. */
export async function insertAuthFixtures(db: Db): Promise<AuthFixtures> {
  const hash = await hashPassword(TEST_PASSWORD);
  const company = async (name: string, code: string) =>
    (await db.query<{ id: number }>('INSERT INTO companies (name, registration_code) VALUES ($1, $2) RETURNING id', [name, code])).rows[0]!.id;
  const companyA = await company('Organisatie A', 'CODE-A');
  const companyB = await company('Organisatie B', 'CODE-B');
  const user = async (companyId: number, username: string, roleId: number) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO users (company_id, acl_role_id, username, email, given_name, surname, password_hash)
         VALUES ($1, $2, $3, $4, $5, 'Test', $6) RETURNING id`,
        [companyId, roleId, username, `${username}@example.nl`, username, hash],
      )
    ).rows[0]!.id;
  const users = {
    admin: await user(companyA, 'admin', 7),
    manager: await user(companyA, 'manager', 3),
    coach: await user(companyA, 'coach', 4),
    sa: await user(companyA, 'sa', 1),
    participant: await user(companyA, 'participant', 2),
    admin2: await user(companyB, 'admin2', 7),
    coach2: await user(companyB, 'coach2', 4),
  };
  const participantId = (
    await db.query<{ id: number }>(
      "INSERT INTO participants (company_id, user_id, firstname, lastname, status_id) VALUES ($1, $2, 'Piet', 'Deelnemer', 3) RETURNING id",
      [companyA, users.participant],
    )
  ).rows[0]!.id;
  return { companyA, companyB, users, participantId };
}

export interface AuthTestApp {
  app: Hono;
  db: Db;
  config: Config;
  fx: AuthFixtures;
  /** Moves the app's clock (tokens, locks, sessions, TOTP all read it). */
  clock: { now: Date; advance(ms: number): void };
  configure(settings: Partial<AuthSettings>): void;
}

export async function createAuthTestApp(
  env: NodeJS.ProcessEnv = {},
  settings: Partial<AuthSettings> = {},
  /** Fill the database (default: insertAuthFixtures; pass e.g. seedDemoIfEmpty for the demo organisations). */
  fill: (db: Db) => Promise<unknown> = insertAuthFixtures,
): Promise<AuthTestApp> {
  const db = await createAuthTestDb();
  const filled = await fill(db);
  const fx = (fill === insertAuthFixtures ? filled : null) as AuthFixtures;
  const config = loadConfig({ WERKPAD_STATIC_DIR: '/nonexistent', WERKPAD_DEV_TOOLS: '1', PUBLIC_URL: 'https://werkpad.test', WERKPAD_SECRET_KEY: TEST_SECRET_KEY, ...env });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  configureAuth(config, { now: () => clock.now, ...settings });
  return { app: createApp({ db, config }), db, config, fx, clock, configure: (s) => configureAuth(config, s) };
}

/** POST /api/oauth/token; `ip` goes in x-forwarded-for (the tests run with TRUST_PROXY=1). */
export function tokenRequest(app: Hono, username: string, password = TEST_PASSWORD, ip = '10.0.0.1', headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request('/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...headers },
      body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
    }),
  );
}

/** Signs in and answers the access token (throws when the sign-in fails). */
export async function signIn(app: Hono, username: string, password = TEST_PASSWORD, ip = '10.0.0.1'): Promise<string> {
  const res = await tokenRequest(app, username, password, ip);
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/**
 * Finishes two-step authentication for a session that owes it: enrols (when not set up) or validates,
 * computing the code from the secret in the database, as an authenticator app would.
 */
export async function completeMfa(app: Hono, db: Db, token: string, now: Date = new Date(), password = TEST_PASSWORD): Promise<void> {
  const { rows } = await db.query<{ mfa_secret: string | null; mfa_setup: boolean }>(
    'SELECT u.mfa_secret, u.mfa_setup FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1',
    [hashToken(token)],
  );
  const stored = rows[0]?.mfa_secret ?? null;
  let secret = stored === null ? null : testBox.decrypt(stored);
  const setUp = rows[0]?.mfa_setup ?? false;
  if (!setUp) {
    const res = await rest(app, '/api/oauth/mfa/secret', { token, json: { password } });
    secret = ((await res.json()) as { secret: string }).secret;
  }
  if (!secret) throw new Error('no second-factor secret');
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: now.getTime() });
  const res = await rest(app, setUp ? '/api/oauth/mfa/verify' : '/api/oauth/mfa/setup', { token, json: { code } });
  if (res.status !== 200) throw new Error(`second factor failed: ${res.status} ${await res.text()}`);
}

export interface GraphAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: { code?: string; hint?: string } }[];
}

/** POST /api/v2/graph with a bearer token (or none), plus extra headers (x-imitate-user, cookie). */
export async function graph<T = Record<string, unknown>>(
  app: Hono,
  query: string,
  options: { token?: string | null; variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<GraphAnswer<T>> {
  const res = await app.request('/api/v2/graph', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query, variables: options.variables ?? {} }),
  });
  const body = (await res.json()) as Omit<GraphAnswer<T>, 'status'>;
  return { status: res.status, ...body };
}

/** A REST call with a bearer token. */
export function rest(app: Hono, path: string, init: { method?: string; token?: string | null; json?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    }),
  );
}

/** Audit rows of an action, oldest first. */
export async function auditRows(db: Db, action: string): Promise<{ user_id: number | null; on_behalf_of_user_id: number | null; company_id: number | null; details: Record<string, unknown>; ip: string | null }[]> {
  const { rows } = await db.query<{ user_id: number | null; on_behalf_of_user_id: number | null; company_id: number | null; details: Record<string, unknown>; ip: string | null }>(
    'SELECT user_id, on_behalf_of_user_id, company_id, details, ip FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
  return rows;
}
