import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, graph, rest, signIn, TEST_PASSWORD, TEST_SECRET_KEY, type AuthTestApp } from '../test/auth';
import { hashToken, revokeSessionById } from './session';
import { sessionCacheOf } from './session-cache';
import { freePort } from '../test/free-port';

/**
 * The session cache (server/auth/session-cache.ts): a known session is answered without reading the
 * sessions table, and a revoked, blocked, signed-out or otherwise cut-off session is refused on the
 * very next request, in this process at once and in another server process after the
 * `werkpad_sessions` notification.
 */

const PROBE = '{ mfa { required } }';
let t: AuthTestApp;
let sessionReads = 0;

beforeAll(async () => {
  t = await createAuthTestApp({ TRUST_PROXY: '1' });
  // Count the statements that read a session (loadSession), whatever the driver.
  const query = t.db.query;
  t.db.query = ((sql: string, params?: readonly unknown[]) => {
    if (sql.includes('FROM sessions s')) sessionReads++;
    return query(sql, params);
  });
});
afterAll(async () => {
  await t.db.close();
});

const accepted = async (token: string) => {
  const answer = await graph<{ mfa: { required: boolean } }>(t.app, PROBE, { token });
  return answer.data?.mfa !== undefined && answer.data.mfa !== null && !answer.errors;
};

/** Requests until one is answered from the cache (no session read), within a bounded number of tries. */
async function warm(token: string): Promise<void> {
  await sessionCacheOf(t.db)?.listening();
  for (let i = 0; i < 100; i++) {
    const before = sessionReads;
    expect(await accepted(token)).toBe(true);
    if (sessionReads === before) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the session was never answered from the cache');
}

const refusal = async (token: string) => (await graph(t.app, PROBE, { token })).errors?.[0]?.extensions?.code;

describe('session cache, one process', () => {
  it('answers a known session without reading the sessions table', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.1');
    await warm(token);
    const before = sessionReads;
    for (let i = 0; i < 5; i++) expect(await accepted(token)).toBe(true);
    expect(sessionReads).toBe(before);
  });

  it('refuses a revoked token on the very next request', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.2');
    await warm(token);
    expect((await rest(t.app, '/api/oauth/revoke', { json: { token } })).status).toBe(200);
    expect(await refusal(token)).toBe('access_denied');
  });

  it('refuses a signed-out token on the very next request', async () => {
    const token = await signIn(t.app, 'manager', TEST_PASSWORD, '10.9.0.3');
    await warm(token);
    expect((await rest(t.app, '/api/oauth/logout', { method: 'POST', token })).status).toBe(200);
    expect(await refusal(token)).toBe('access_denied');
  });

  it('refuses a session revoked in the database by this process (revokeSessionById)', async () => {
    const token = await signIn(t.app, 'manager', TEST_PASSWORD, '10.9.0.4');
    await warm(token);
    expect(await revokeSessionById(t.db, hashToken(token), 'test')).toBe(true);
    expect(await refusal(token)).toBe('access_denied');
  });

  it('refuses the sessions of a blocked user on the very next request, and keeps the admin in', async () => {
    const coach = await signIn(t.app, 'coach', TEST_PASSWORD, '10.9.0.5');
    const admin = await signIn(t.app, 'admin', TEST_PASSWORD, '10.9.0.6');
    await warm(coach);
    await warm(admin);
    const blocked = await graph<{ blockUser: { success: boolean } }>(t.app, 'mutation($id: ID) { blockUser(id: $id) { success } }', {
      token: admin,
      variables: { id: String(t.fx.users.coach) },
    });
    expect(blocked.data?.blockUser.success).toBe(true);
    expect(await refusal(coach)).toBe('access_denied');
    expect(await accepted(admin)).toBe(true);
    const unblocked = await graph<{ unblockUser: { success: boolean } }>(t.app, 'mutation($id: ID) { unblockUser(id: $id) { success } }', {
      token: admin,
      variables: { id: String(t.fx.users.coach) },
    });
    expect(unblocked.data?.unblockUser.success).toBe(true);
    // blocking ended the session for good: unblocking does not bring it back
    expect(await refusal(coach)).toBe('access_denied');
  });

  it('a password change ends the other sessions of the user on their next request; the changing one stays', async () => {
    const other = await signIn(t.app, 'sa', TEST_PASSWORD, '10.9.0.7');
    const current = await signIn(t.app, 'sa', TEST_PASSWORD, '10.9.0.8');
    await warm(other);
    await warm(current);
    const changed = await graph<{ changePassword: { success: boolean } }>(
      t.app,
      'mutation($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) { success } }',
      { token: current, variables: { old: TEST_PASSWORD, new: 'Nieuw-Wachtwoord-2026!x' } },
    );
    expect(changed.data?.changePassword.success).toBe(true);
    expect(await refusal(other)).toBe('access_denied');
    expect(await accepted(current)).toBe(true);
  });

  it('a user blocked straight in SQL by this process is refused on the very next request', async () => {
    const token = await signIn(t.app, 'participant', TEST_PASSWORD, '10.9.0.10');
    await warm(token);
    await t.db.query('UPDATE users SET display = 3 WHERE id = $1', [t.fx.users.participant]);
    try {
      expect(await refusal(token)).toBe('access_denied');
    } finally {
      await t.db.query('UPDATE users SET display = 1 WHERE id = $1', [t.fx.users.participant]);
    }
  });

  it('an expiry reached while cached is refused (sliding expiry is judged on the stored row)', async () => {
    const token = await signIn(t.app, 'admin', TEST_PASSWORD, '10.9.0.9');
    await warm(token);
    const { rows } = await t.db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [hashToken(token)]);
    const expiresAt = rows[0]!.expires_at.getTime();
    const saved = t.clock.now;
    t.clock.now = new Date(expiresAt + 1000);
    try {
      expect(await refusal(token)).toBe('token_expired');
    } finally {
      t.clock.now = saved;
    }
  });
});


// A second server process on the same PostgreSQL database learns of a revocation only through the
// `werkpad_sessions` notification (PGlite is one process: nothing to test there).
describe.runIf(process.env.WERKPAD_TEST_DB === 'postgres')('session cache, a second server process on the same PostgreSQL database', () => {
  let child: ChildProcess | null = null;
  let dataDir = '';
  let base = '';

  beforeAll(async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.WERKPAD_TEST_PG_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-cache-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: url.toString(),
        NODE_ENV: 'production',
        WERKPAD_SEED_DEMO: '0',
        WERKPAD_SECRET_KEY: TEST_SECRET_KEY,
        WERKPAD_DATA_DIR: dataDir,
        WERKPAD_STATIC_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 120; i++) {
      try {
        await fetch(`${base}/api/oauth/sso-buttons`, { method: 'POST' });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    throw new Error('the second server process did not start');
  }, 60_000);

  afterAll(async () => {
    const running = child;
    if (running && running.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
        running.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        running.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const remote = async (token: string) => {
    const res = await fetch(`${base}/api/v2/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: PROBE }),
    });
    const body = (await res.json()) as { data?: { mfa?: unknown } | null; errors?: { extensions?: { code?: string } }[] };
    return body.errors?.[0]?.extensions?.code ?? (body.data?.mfa ? 'ok' : 'no answer');
  };

  /** Asks the second process until it answers something other than `from`, for at most 10 s. */
  async function remoteUntilChanged(token: string, from: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const answer = await remote(token);
      if (answer !== from) return answer;
      await new Promise((r) => setTimeout(r, 100));
    }
    return from;
  }

  it('refuses a token revoked by this process after the notification', async () => {
    const token = await signIn(t.app, 'coach2', TEST_PASSWORD, '10.9.1.1');
    // the second process knows the session (and has it cached after a few requests)
    for (let i = 0; i < 5; i++) expect(await remote(token)).toBe('ok');
    expect((await rest(t.app, '/api/oauth/revoke', { json: { token } })).status).toBe(200);
    expect(await remoteUntilChanged(token, 'ok')).toBe('access_denied');
  });

  it('refuses the sessions of a user blocked in this process after the notification', async () => {
    const token = await signIn(t.app, 'admin2', TEST_PASSWORD, '10.9.1.2');
    for (let i = 0; i < 5; i++) expect(await remote(token)).toBe('ok');
    // blocked straight in the database (as another tool would): only the trigger's notification tells the other process
    await t.db.query('UPDATE users SET display = 3 WHERE id = $1', [t.fx.users.admin2]);
    expect(await remoteUntilChanged(token, 'ok')).toBe('access_denied');
  });
});
