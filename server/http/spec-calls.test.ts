import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { createAuthTestApp, rest, signIn, type AuthTestApp } from '../test/auth';
import { isNewerVersion, latestVersionFrom } from '../../src/domain/pwa/remote-version';
import { appVersion } from '../app-version';
import { mountRemoteConfig } from './remote-config-routes';

/** The rest of the spec's REST calls (01 §7, issue 24): one block per call, with its permission rule. */

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
let coach: string;
let participant: string;
beforeAll(async () => {
  t = await createAuthTestApp();
  coach = await signIn(t.app, 'coach', undefined, '10.7.0.1');
  participant = await signIn(t.app, 'participant', undefined, '10.7.0.2');
  const now = Date.now();
  const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
  await t.db.query(
    `INSERT INTO system_messages (company_id, title, body, level, starts_at, ends_at) VALUES
       ($1, 'Onderhoud vrijdag', 'Werkpad is vrijdagavond niet bereikbaar.', 'maintenance', $3, NULL),
       ($1, 'Welkom', 'Werkpad werkt ook offline.', 'info', $4, $5),
       ($1, 'Verlopen', 'Niet meer tonen.', 'info', $6, $7),
       ($1, 'Later', 'Nog niet tonen.', 'info', $5, NULL),
       ($2, 'Andere organisatie', 'Niet tonen.', 'info', $4, NULL)`,
    [t.fx.companyA, t.fx.companyB, at(-1), at(-2), at(2), at(-10), at(-5)],
  );
});
afterAll(async () => {
  await t.db.close();
});

describe('GET system-messages?per_page=all', () => {
  it("answers the company's current messages (started, not ended), newest first, to staff and participants", async () => {
    for (const token of [coach, participant]) {
      const res = await rest(t.app, '/api/system-messages?per_page=all', { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { items: { title: string; level: string }[]; total: number; perPage: string };
      expect(body.items.map((m) => m.title)).toEqual(['Onderhoud vrijdag', 'Welkom']);
      expect(body).toMatchObject({ total: 2, perPage: 'all' });
    }
  });

  it('pages (per_page=1&page=2), refuses a bad page with a reason, and needs a session', async () => {
    const second = (await (await rest(t.app, '/api/system-messages?per_page=1&page=2', { token: coach })).json()) as { items: { title: string }[]; total: number };
    expect(second.items.map((m) => m.title)).toEqual(['Welkom']);
    expect(second.total).toBe(2);
    const bad = await rest(t.app, '/api/system-messages?per_page=-3', { token: coach });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ messageKey: 'validation.pagination' });
    const anonymous = await rest(t.app, '/api/system-messages?per_page=all');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'no_current_user' });
  });
});

describe('GET users/roles?per_page=all', () => {
  it("lists the spec's roles and the company's own to staff; not another company's", async () => {
    await t.db.query(`INSERT INTO acl_roles (role, label, company_id) VALUES ('eigen', 'Eigen rol A', $1), ('ander', 'Rol van B', $2)`, [t.fx.companyA, t.fx.companyB]);
    const res = await rest(t.app, '/api/users/roles?per_page=all', { token: coach });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: number; label: string; own: boolean }[]; total: number };
    expect(body.items.map((r) => r.id)).toEqual(expect.arrayContaining([2, 3, 4, 7]));
    expect(body.items.find((r) => r.label === 'Eigen rol A')?.own).toBe(true);
    expect(body.items.some((r) => r.label === 'Rol van B')).toBe(false);
    expect(body.total).toBe(body.items.length);
  });

  it('refuses participants (403) and callers without a session (401)', async () => {
    const res = await rest(t.app, '/api/users/roles?per_page=all', { token: participant });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden', messageKey: 'auth.forbidden' });
    expect((await rest(t.app, '/api/users/roles?per_page=all')).status).toBe(401);
  });
});

describe('GET oauth/logout', () => {
  it('ends the session like POST: the token no longer works, the cookie is cleared', async () => {
    const token = await signIn(t.app, 'manager', undefined, '10.7.0.3');
    const res = await rest(t.app, '/api/oauth/logout', { token, headers: { cookie: `access_token=${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, chain: [] });
    expect(res.headers.getSetCookie().some((c) => /^access_token=;|^access_token=.*Max-Age=0/i.test(c))).toBe(true);
    const after = await rest(t.app, '/api/system-messages', { token });
    expect(after.status).toBe(401);
  });
});

describe('GET oauth/mfa/setup', () => {
  it("answers the session's two-step state, also while two-step is owed; nothing without a session", async () => {
    const ok = await rest(t.app, '/api/oauth/mfa/setup', { token: coach });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ required: false, setUp: false, validated: false, next: null });
    await t.db.query(`UPDATE companies SET settings = settings || '{"forceMfa": true}'::jsonb WHERE id = $1`, [t.fx.companyB]);
    const owed = await signIn(t.app, 'coach2', undefined, '10.7.0.4');
    const pending = await rest(t.app, '/api/oauth/mfa/setup', { token: owed });
    expect(pending.status).toBe(200);
    expect(await pending.json()).toMatchObject({ required: true, setUp: false, next: 'setup' });
    expect(JSON.stringify(await (await rest(t.app, '/api/oauth/mfa/setup', { token: owed })).json())).not.toMatch(/secret|otpauth/i);
    expect((await rest(t.app, '/api/oauth/mfa/setup')).status).toBe(401);
  });
});

describe('GET user/returnToSite', () => {
  it('restores the session of the cookie: who is signed in, no token in the answer', async () => {
    const res = await rest(t.app, '/api/user/returnToSite', { headers: { cookie: `access_token=${coach}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; user: { id: number; username: string }; expiresIn: number };
    expect(body).toMatchObject({ success: true, user: { id: t.fx.users.coach, username: 'coach' }, chain: [] });
    expect(body.expiresIn).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain(coach);
  });

  it('answers no_current_user when no live session is found', async () => {
    const res = await rest(t.app, '/api/user/returnToSite', { headers: { cookie: 'access_token=not-a-session' } });
    expect(res.status).toBe(401);
    const none = await rest(t.app, '/api/user/returnToSite');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'no_current_user' });
  });
});

describe('POST fcm', () => {
  it("accepts the spec's {token} for the signed-in user and refuses a malformed one; the Web Push subscription still works", async () => {
    const token = 'fcm-registration_token:APA91bH' + 'x'.repeat(40);
    const ok = await rest(t.app, '/api/fcm', { token: coach, json: { token } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, reason: null });
    const { rows } = await t.db.query<{ user_id: string }>('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [`fcm:${token}`]);
    expect(rows.map((r) => Number(r.user_id))).toEqual([t.fx.users.coach]);
    const bad = await rest(t.app, '/api/fcm', { token: coach, json: { token: 'short <script>' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, reason: 'reasons.invalidPushToken' });
    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    const web = await rest(t.app, '/api/fcm', { token: coach, json: { subscription: sub } });
    expect(web.status).toBe(200);
    expect((await rest(t.app, '/api/fcm', { json: { token } })).status).toBe(401);
  });
});

describe('the development pages (/development/*) ask GET /api/dev/mode', () => {
  it('which is not found in production (npm start), also with single dev tools on, and answers under npm run dev', async () => {
    expect((await rest(t.app, '/api/dev/mode')).status).toBe(404);
    const { createApp } = await import('../app');
    const { loadConfig } = await import('../config');
    const dev = createApp({ db: t.db, config: loadConfig({ WERKPAD_STATIC_DIR: '/nonexistent', PUBLIC_URL: 'https://werkpad.test', WERKPAD_SECRET_KEY: t.config.secretKey }, ['node', 'server/main.ts', '--dev']) });
    const res = await dev.request('/api/dev/mode');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ development: true });
  });
});

describe('GET remote-config (the latest app version)', () => {
  it("answers the running build's version keyed by the host name (dots and dashes as underscores), to anyone, never cached", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const res = await rest(t.app, '/api/remote-config', { headers: { host: 'werkpad.gemeente-a.nl:8443' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await res.json()) as { parameters: Record<string, string>; minimumFetchIntervalSeconds: number };
    expect(body.parameters.werkpad_gemeente_a_nl).toBe(version);
    expect(body.minimumFetchIntervalSeconds).toBe(3600);
    // what the client does with it: the running build is not older than itself
    expect(isNewerVersion(latestVersionFrom(body, 'werkpad.gemeente-a.nl'), version)).toBe(false);
  });

  it('answers the version a deployment sets (WERKPAD_APP_VERSION), which a client of the previous build sees as newer', async () => {
    const app = new Hono();
    mountRemoteConfig(app, t.db, t.config, appVersion({ WERKPAD_APP_VERSION: '2.4.0' }));
    const body = (await (await app.request('/api/remote-config', { headers: { host: 'localhost:3000' } })).json()) as { parameters: Record<string, string> };
    expect(body.parameters.localhost).toBe('2.4.0');
    expect(isNewerVersion(latestVersionFrom(body, 'localhost'), '2.3.9')).toBe(true);
  });
});

describe('GET /api/dev/access-token (the page /development/access-token)', () => {
  it('is not found in production; under npm run dev it answers the session token, identity and expiry, and 401 without a session', async () => {
    expect((await rest(t.app, '/api/dev/access-token', { token: coach })).status).toBe(404);
    const { createApp } = await import('../app');
    const { loadConfig } = await import('../config');
    const dev = createApp({ db: t.db, config: loadConfig({ WERKPAD_STATIC_DIR: '/nonexistent', PUBLIC_URL: 'https://werkpad.test', WERKPAD_SECRET_KEY: t.config.secretKey }, ['node', 'server/main.ts', '--dev']) });
    const res = await dev.request('/api/dev/access-token', { headers: { authorization: `Bearer ${coach}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await res.json()) as { token: string; userId: number; realUserId: number; chain: number[]; expiresAt: string | null; maxExpiresAt: string | null };
    expect(body.token).toBe(coach);
    expect(body.realUserId).toBe(body.userId);
    expect(body.chain).toEqual([]);
    expect(Date.parse(body.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(Date.parse(body.maxExpiresAt ?? '')).toBeGreaterThanOrEqual(Date.parse(body.expiresAt ?? ''));
    // The token works as a bearer token against the graph, as the page's curl example says.
    const me = await dev.request('/api/v2/graph', { method: 'POST', headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { id } }' }) });
    expect(((await me.json()) as { data: { me: { id: unknown } } }).data.me.id).toBeTruthy();
    expect((await dev.request('/api/dev/access-token')).status).toBe(401);
  });
});
