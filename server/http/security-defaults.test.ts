import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/db';
import { setErrorReporter } from '../sentry';
import { createAuthTestDb, insertAuthFixtures, signIn, graph, rest, tokenRequest, TEST_PASSWORD } from '../test/auth';

process.env.TRUST_PROXY = '1';

/** `npm start` as a clean clone runs it: no --dev, no variables. */
const productionConfig = () => loadConfig({ WERKPAD_STATIC_DIR: '/nonexistent', PUBLIC_URL: 'https://werkpad.test' }, ['node', 'server/main.ts']);

let db: Db;
/** When set, every query not about sessions fails like a broken database would. */
let failQueries: ((sql: string) => boolean) | null = null;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await createAuthTestDb();
  await insertAuthFixtures(db);
  const failing: Db = {
    ...db,
    kind: db.kind,
    query: async (sql: string, params?: readonly unknown[]) => {
      if (failQueries?.(sql)) throw new Error('relation "users" does not exist at character 15 (SELECT u.password_hash FROM users)');
      return db.query(sql, params);
    },
  };
  app = createApp({ db: failing, config: productionConfig() });
});
afterAll(async () => {
  await db.close();
});

describe('npm start is production', () => {
  it('loadConfig: production unless --dev; tools only by their own variable', () => {
    const prod = loadConfig({}, ['node', 'server/main.ts']);
    expect(prod).toMatchObject({ production: true, devTools: false, graphDevTools: false });
    expect(loadConfig({}, ['node', 'server/main.ts', '--dev'])).toMatchObject({ production: false, devTools: true, graphDevTools: true });
    expect(loadConfig({ WERKPAD_DEV_OUTBOX: '1' }, [])).toMatchObject({ production: true, devTools: true, graphDevTools: false });
    expect(loadConfig({ NODE_ENV: 'development' }, [])).toMatchObject({ production: false, devTools: true });
  });

  it('the mail outbox with reset links does not exist', async () => {
    await rest(app, '/api/passwordreset', { method: 'POST', json: { username: 'coach' } });
    const res = await app.request('/api/dev/outbox');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('reset-password');
  });

  it('no GraphiQL page, no introspection, no field suggestions', async () => {
    const page = await app.request('/api/v2/graph', { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    const token = await signIn(app, 'admin', TEST_PASSWORD, '10.7.0.1');
    const intro = await graph(app, '{ __schema { types { name } } }', { token });
    expect(intro.data).toBeFalsy();
    expect(intro.errors?.[0]?.message).toMatch(/introspection has been disabled/);
    const typo = await graph(app, '{ mee { id } }', { token });
    expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean/);
  });

  it('a resolver crash is masked to the client and reported to Sentry', async () => {
    const reported: unknown[] = [];
    setErrorReporter((e) => reported.push(e));
    const token = await signIn(app, 'admin', TEST_PASSWORD, '10.7.0.2');
    failQueries = (sql) => /FROM users/.test(sql) && !/FROM sessions/.test(sql);
    try {
      const res = await graph(app, '{ me { id username } }', { token });
      const text = JSON.stringify(res);
      expect(text).not.toMatch(/relation|users|SELECT|character/);
      expect(res.errors?.[0]?.message).toBe('Unexpected error.');
      expect(res.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(reported).toHaveLength(1);
      expect(String(reported[0])).toMatch(/relation "users"/);
    } finally {
      failQueries = null;
      setErrorReporter(null);
    }
  });

  it('a REST crash answers 500 without the database text and is reported', async () => {
    const reported: unknown[] = [];
    setErrorReporter((e) => reported.push(e));
    failQueries = (sql) => /FROM users u JOIN companies/.test(sql);
    try {
      const res = await tokenRequest(app, 'coach', TEST_PASSWORD, '10.7.0.3');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toMatch(/relation|SELECT|users/);
      expect(reported).toHaveLength(1);
    } finally {
      failQueries = null;
      setErrorReporter(null);
    }
  });
});

describe('headers', () => {
  it('every answer: strict CSP without inline script, no framing, nosniff, no referrer, permissions policy', async () => {
    for (const path of ['/', '/api/health', '/login']) {
      const res = await app.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    }
  });

  it('HSTS only over https (or a trusted proxy saying so)', async () => {
    expect((await app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await app.request('https://werkpad.test/api/health')).headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect((await app.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toMatch(/max-age/);
  });

  it('Cache-Control: no-store on every /api answer (lists with BSNs included)', async () => {
    const token = await signIn(app, 'admin', TEST_PASSWORD, '10.7.0.4');
    const res = await app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/api/health')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/api/nothing-here')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('CORS and CSRF', () => {
  it('another origin gets no CORS grant, neither on a preflight nor on an answer', async () => {
    const preflight = await app.request('/api/v2/graph', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const get = await app.request('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a cookie-authenticated state change from another origin is refused; from the own origin it works', async () => {
    const token = await signIn(app, 'admin', TEST_PASSWORD, '10.7.0.5');
    const body = JSON.stringify({ query: 'mutation { changePassword(oldPassword: "x", newPassword: "y") { success } }' });
    const evil = await app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `access_token=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body,
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: string }).error).toBe('origin_forbidden');
    const sameSiteOnly = await app.request('/api/oauth/logout', {
      method: 'POST',
      headers: { cookie: `access_token=${token}`, 'sec-fetch-site': 'same-site' },
    });
    expect(sameSiteOnly.status).toBe(403);
    const nullOrigin = await app.request('/api/oauth/logout', { method: 'POST', headers: { cookie: `access_token=${token}`, origin: 'null' } });
    expect(nullOrigin.status).toBe(403);
    // still signed in: none of the forged requests ran
    expect((await graph(app, '{ me { id } }', { token })).errors).toBeUndefined();
    const own = await app.request('https://werkpad.test/api/oauth/logout', {
      method: 'POST',
      headers: { cookie: `__Host-access_token=${token}`, origin: 'https://werkpad.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect((await graph(app, '{ me { id } }', { token })).errors?.[0]?.extensions?.code).toBe('access_denied');
  });

  it('a sign-in posted from another site (login CSRF) is refused', async () => {
    const res = await tokenRequest(app, 'coach', TEST_PASSWORD, '10.7.0.6', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('a GET logout with only the cookie (an <img> on another site) ends nothing; the app\'s own GET does', async () => {
    const token = await signIn(app, 'admin', TEST_PASSWORD, '10.7.0.7');
    for (const site of [undefined, 'cross-site', 'same-site']) {
      const res = await app.request('/api/oauth/logout', { headers: { cookie: `access_token=${token}`, ...(site ? { 'sec-fetch-site': site } : {}) } });
      expect(res.status, site).toBe(403);
      expect((await graph(app, '{ me { id } }', { token })).errors, site).toBeUndefined();
    }
    // 01 §7's GET oauth/logout, as the app sends it (bearer token): the session ends.
    const own = await app.request('/api/oauth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(own.status).toBe(200);
    expect((await graph(app, '{ me { id } }', { token })).errors?.[0]?.extensions?.code).toBeDefined();
  });

  it('over https the cookie is __Host- prefixed and Secure', async () => {
    const res = await app.request('https://werkpad.test/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.7.0.8', origin: 'https://werkpad.test' },
      body: new URLSearchParams({ grant_type: 'password', username: 'coach', password: TEST_PASSWORD }).toString(),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-access_token='));
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
