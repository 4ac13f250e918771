import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAuthTestApp, graph, rest, signIn, tokenRequest, TEST_PASSWORD, type AuthTestApp } from '../test/auth';
import { setMaintenance } from '../auth/maintenance';
import { endAllSessions } from '../auth/session';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({}, { maxLoginFailures: 3, maxLoginFailuresPerAddress: 5, lockMinutes: 10 });
});
afterAll(async () => {
  await t.db.close();
});

const setCookies = (res: Response) => res.headers.getSetCookie();

describe('POST /api/oauth/token', () => {
  it('signs in: bearer token, HttpOnly SameSite=Strict cookie, a new token every time', async () => {
    const res = await tokenRequest(t.app, 'coach', TEST_PASSWORD, '10.1.0.1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number; next: string[] };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.next).toEqual([]);
    const cookie = setCookies(res).find((c) => c.startsWith('access_token='));
    expect(cookie).toContain(`access_token=${body.access_token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http in tests
    const again = await signIn(t.app, 'coach', TEST_PASSWORD, '10.1.0.1');
    expect(again).not.toBe(body.access_token);
    expect((await auditRows(t.db, 'login.success')).length).toBeGreaterThanOrEqual(2);
  });

  it('sets Secure over https and behind a trusted proxy saying https', async () => {
    const direct = await t.app.request('https://werkpad.test/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.1.0.2' },
      body: new URLSearchParams({ grant_type: 'password', username: 'coach', password: TEST_PASSWORD }).toString(),
    });
    expect(setCookies(direct).find((c) => c.startsWith('__Host-access_token='))).toMatch(/Secure/);
    const proxied = await tokenRequest(t.app, 'coach', TEST_PASSWORD, '10.1.0.2', { 'x-forwarded-proto': 'https' });
    expect(setCookies(proxied).find((c) => c.startsWith('__Host-access_token='))).toMatch(/Secure/);
  });

  it('the cookie alone authenticates (no bearer header)', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.1.0.3');
    const res = await graph(t.app, '{ mfa { required } }', { headers: { cookie: `access_token=${token}` } });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ mfa: { required: false } });
  });

  it.each([
    ['wrong password', 'coach', 'Verkeerd-Wachtwoord-1!'],
    ['unknown user', 'nobody', TEST_PASSWORD],
  ])('%s → invalid_grant with the spec message', async (_name, username, password) => {
    const res = await tokenRequest(t.app, username, password, '10.1.1.1');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', message: 'auth.invalidCredentials', messageKey: 'auth.invalidCredentials' });
    expect(setCookies(res).some((c) => c.startsWith('access_token=') && !c.startsWith('access_token=;'))).toBe(false);
  });

  it('refuses another grant type and a missing password', async () => {
    const other = await t.app.request('/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await t.app.request('/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=coach',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a blocked user gets user_blocked (only with the right password) and their sessions end', async () => {
    const token = await signIn(t.app, 'manager', TEST_PASSWORD, '10.1.2.1');
    await t.db.query('UPDATE users SET display = 3 WHERE id = $1', [t.fx.users.manager]);
    expect(await endAllSessions(t.db, t.fx.users.manager, 'blocked')).toBe(1);
    const res = await tokenRequest(t.app, 'manager', TEST_PASSWORD, '10.1.2.1');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'user_blocked' });
    const wrong = await tokenRequest(t.app, 'manager', 'Verkeerd-Wachtwoord-1!', '10.1.2.1');
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const old = await graph(t.app, '{ mfa { required } }', { token });
    expect(old.errors?.[0]?.extensions).toEqual({ code: 'access_denied', reason: 'auth.accessDenied', hint: 'Access token has been revoked' });
    await t.db.query('UPDATE users SET display = 1 WHERE id = $1', [t.fx.users.manager]);
  });

  it('answers what comes next: password change, two-step setup (forced by the company) and validation', async () => {
    await t.db.query('UPDATE users SET password_validated = false WHERE id = $1', [t.fx.users.manager]);
    let res = await tokenRequest(t.app, 'manager', TEST_PASSWORD, '10.1.3.1');
    expect(((await res.json()) as { next: string[] }).next).toEqual(['password_change_required']);
    await t.db.query(`UPDATE companies SET settings = settings || '{"forceMfa": true}' WHERE id = $1`, [t.fx.companyA]);
    res = await tokenRequest(t.app, 'manager', TEST_PASSWORD, '10.1.3.1');
    expect(((await res.json()) as { next: string[] }).next).toEqual(['mfa_setup_required', 'password_change_required']);
    await t.db.query('UPDATE users SET mfa_setup = true, mfa_secret = $2 WHERE id = $1', [t.fx.users.manager, 'JBSWY3DPEHPK3PXP']);
    res = await tokenRequest(t.app, 'manager', TEST_PASSWORD, '10.1.3.1');
    expect(((await res.json()) as { next: string[] }).next).toEqual(['mfa_validation_required', 'password_change_required']);
    await t.db.query(`UPDATE companies SET settings = settings - 'forceMfa' WHERE id = $1`, [t.fx.companyA]);
    await t.db.query('UPDATE users SET mfa_setup = false, mfa_secret = NULL, password_validated = true WHERE id = $1', [t.fx.users.manager]);
  });
});

describe('brute force (growing delays, failures only)', () => {
  it('a user who mistypes is delayed per account and address; the wait grows; other addresses are not affected', async () => {
    for (let i = 1; i <= 2; i++) {
      const res = await tokenRequest(t.app, 'admin', `Wrong-Password-${i}!xxxxxx`, '10.2.0.1');
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    }
    const third = await tokenRequest(t.app, 'admin', 'Wrong-Password-3!xxxxxx', '10.2.0.1');
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: string }).error).toBe('account_locked');
    expect(third.headers.get('retry-after')).toBe('15');
    // the right password during the wait, from that address: refused without a check
    expect((await tokenRequest(t.app, 'admin', TEST_PASSWORD, '10.2.0.1')).status).toBe(429);
    expect((await auditRows(t.db, 'login.delayed')).length).toBeGreaterThanOrEqual(1);
    // from another address the account is open: three failures do not lock anyone out
    expect((await tokenRequest(t.app, 'admin', TEST_PASSWORD, '10.2.0.99')).status).toBe(200);
    t.clock.advance(16_000);
    const fourth = await tokenRequest(t.app, 'admin', 'Wrong-Password-4!xxxxxx', '10.2.0.1');
    expect(fourth.headers.get('retry-after')).toBe('30');
    t.clock.advance(31_000);
    expect((await tokenRequest(t.app, 'admin', TEST_PASSWORD, '10.2.0.1')).status).toBe(200);
    // after a success the pair counts from zero again
    const next = await tokenRequest(t.app, 'admin', 'Wrong-Password-5!xxxxxx', '10.2.0.1');
    expect(((await next.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('one address against many accounts: that address waits for accounts it never signed in to', async () => {
    const ip = '10.3.0.1';
    expect((await tokenRequest(t.app, 'coach', TEST_PASSWORD, ip)).status).toBe(200);
    const names = ['a1', 'a2', 'a3', 'a4'];
    for (const name of names) {
      const res = await tokenRequest(t.app, name, 'Wrong-Password-1!xxxxxx', ip);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    }
    const fifth = await tokenRequest(t.app, 'a5', 'Wrong-Password-1!xxxxxx', ip);
    expect(await fifth.json()).toMatchObject({ error: 'account_locked', messageKey: 'auth.tooManyFailedLogins', params: { minutes: expect.any(Number) as number } });
    // a stranger to that address waits; someone who signed in there before does not
    expect((await tokenRequest(t.app, 'manager', TEST_PASSWORD, ip)).status).toBe(429);
    expect((await tokenRequest(t.app, 'coach', TEST_PASSWORD, ip)).status).toBe(200);
    expect((await tokenRequest(t.app, 'manager', TEST_PASSWORD, '10.3.0.2')).status).toBe(200);
    t.clock.advance(16_000);
    expect((await tokenRequest(t.app, 'manager', TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('parallel wrong guesses from many addresses (past the 10 free ones of the account): nobody gets in, the right password from a stranger then waits', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => tokenRequest(t.app, 'coach2', `Wrong-Password-${i}!xxxxxx`, `10.4.0.${i}`)),
    );
    expect(answers.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect((await tokenRequest(t.app, 'coach2', TEST_PASSWORD, '10.4.1.1')).status).toBe(429);
    t.clock.advance(10 * 60_000 + 1000);
  });
});

describe('sessions', () => {
  it('POST /api/oauth/revoke ends a token; the graph then answers access_denied with the hint', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.5.0.1');
    const res = await rest(t.app, '/api/oauth/revoke', { json: { token } });
    expect(res.status).toBe(200);
    const answer = await graph(t.app, '{ mfa { required } }', { token });
    expect(answer.status).toBe(200);
    // the wire code for the catalogue, its reason code for the text; the message is that code, never a sentence
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'access_denied', reason: 'auth.accessDenied', hint: 'Access token has been revoked' });
    expect(answer.errors?.[0]?.message).toBe('auth.accessDenied');
  });

  it('an unknown token: access_denied, could not be verified (graph and REST)', async () => {
    const answer = await graph(t.app, '{ mfa { required } }', { token: 'not-a-real-token' });
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'access_denied', reason: 'auth.accessDenied', hint: 'Access token could not be verified' });
    const res = await rest(t.app, '/api/imitate', { token: 'not-a-real-token', json: { userId: 1 } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'access_denied', hint: 'Access token could not be verified' });
  });

  it('POST /api/oauth/logout revokes the token and clears both cookies', async () => {
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.5.0.2');
    const res = await rest(t.app, '/api/oauth/logout', { method: 'POST', token });
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith('access_token='))).toMatch(/Max-Age=0/);
    expect(cookies.find((c) => c.startsWith('identity_chain='))).toMatch(/Max-Age=0/);
    expect((await graph(t.app, '{ mfa { required } }', { token })).errors?.[0]?.extensions?.code).toBe('access_denied');
    expect((await auditRows(t.db, 'logout')).length).toBeGreaterThanOrEqual(1);
  });

  it('sessions expire when unused (token_expired) and slide forward when used', async () => {
    const ttl = 60 * 60_000;
    t.configure({ sessionTtlMs: ttl });
    const token = await signIn(t.app, 'coach', TEST_PASSWORD, '10.5.0.3');
    t.clock.advance(ttl - 60_000);
    expect((await graph(t.app, '{ mfa { required } }', { token })).errors).toBeUndefined(); // slides
    t.clock.advance(ttl - 60_000);
    expect((await graph(t.app, '{ mfa { required } }', { token })).errors).toBeUndefined();
    t.clock.advance(ttl + 1000);
    const expired = await graph(t.app, '{ mfa { required } }', { token });
    expect(expired.errors?.[0]?.extensions).toEqual({ code: 'token_expired', reason: 'auth.sessionExpired' });
    const res = await rest(t.app, '/api/imitate', { token, json: { userId: 1 } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'token_expired', message: 'auth.sessionExpired', messageKey: 'auth.sessionExpired' });
    t.configure({ sessionTtlMs: 8 * 60 * 60_000 });
  });

  it('a query needing a user without a session: no_current_user; public fields work', async () => {
    const answer = await graph(t.app, '{ mfa { required } }');
    expect(answer.status).toBe(200);
    expect(answer.errors?.[0]?.extensions?.code).toBe('no_current_user');
    expect((await graph(t.app, '{ __typename serverTime }')).errors).toBeUndefined();
    // a stale cookie does not block the public flows
    expect((await graph(t.app, '{ __typename }', { token: 'stale' })).errors).toBeUndefined();
  });

  it('POST /api/oauth/sso-buttons answers an empty list', async () => {
    const res = await rest(t.app, '/api/oauth/sso-buttons', { method: 'POST' });
    expect(await res.json()).toEqual([]);
  });
});

describe('maintenance mode', () => {
  it('every API call but health answers maintenance_mode_enabled (REST 503, graph 200)', async () => {
    await setMaintenance(t.db, true);
    try {
      expect((await t.app.request('/api/health')).status).toBe(200);
      const token = await tokenRequest(t.app, 'coach', TEST_PASSWORD, '10.6.0.1');
      expect(token.status).toBe(503);
      expect(await token.json()).toMatchObject({ error: 'maintenance_mode_enabled', messageKey: 'auth.maintenance' });
      const g = await graph(t.app, '{ __typename }');
      expect(g.status).toBe(200);
      expect(g.errors?.[0]?.extensions?.code).toBe('maintenance_mode_enabled');
    } finally {
      await setMaintenance(t.db, false);
    }
    expect((await tokenRequest(t.app, 'coach', TEST_PASSWORD, '10.6.0.1')).status).toBe(200);
  });

  it('also from the environment (WERKPAD_MAINTENANCE=1)', async () => {
    t.configure({ maintenance: true });
    try {
      expect((await rest(t.app, '/api/oauth/sso-buttons', { method: 'POST' })).status).toBe(503);
    } finally {
      t.configure({ maintenance: false });
    }
  });
});

describe('graph hardening', () => {
  it('introspection works in development (npm run dev) only', async () => {
    const dev = await createAuthTestApp({ NODE_ENV: 'development' });
    try {
      expect((await graph(dev.app, '{ __schema { queryType { name } } }')).errors).toBeUndefined();
    } finally {
      await dev.db.close();
    }
    expect((await graph(t.app, '{ __schema { queryType { name } } }')).errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('production: no introspection, __typename still answers, no batching', async () => {
    const prod = await createAuthTestApp({ NODE_ENV: 'production' });
    try {
      const intro = await graph(prod.app, '{ __schema { types { name } } }');
      expect(intro.errors?.[0]?.message).toMatch(/introspection/i);
      expect((await graph(prod.app, '{ __typename }')).data).toEqual({ __typename: 'Query' });
      const batch = await prod.app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]),
      });
      expect(batch.status).toBeGreaterThanOrEqual(400);
    } finally {
      await prod.db.close();
    }
  });
});
