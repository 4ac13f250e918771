import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeMfa, createAuthTestApp, graph, rest, signIn, tokenRequest, type AuthTestApp } from '../test/auth';
import { DEMO_EXTRA_USERNAMES, DEMO_PASSWORD, DEMO_USERNAMES, seedDemoIfEmpty } from '../db/seed';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({}, {}, seedDemoIfEmpty);
});
afterAll(async () => {
  await t.db.close();
});

const userId = async (username: string) =>
  (await t.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username])).rows[0]!.id;

describe('demo users', () => {
  it.each([...DEMO_USERNAMES, ...DEMO_EXTRA_USERNAMES])('%s signs in with the demo password', async (username) => {
    const res = await tokenRequest(t.app, username, DEMO_PASSWORD, `10.20.0.${DEMO_USERNAMES.length}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { next: string[] };
    expect(body.next).toEqual([]);
  });

  it('tweestap must set up two-step; after completing it the session is open', async () => {
    const res = await tokenRequest(t.app, 'tweestap', DEMO_PASSWORD);
    const { access_token: token, next } = (await res.json()) as { access_token: string; next: string[] };
    expect(next[0]).toBe('mfa_setup_required');
    await completeMfa(t.app, t.db, token, t.clock.now);
    expect((await graph(t.app, '{ mfa { required setup validated } }', { token })).data).toEqual({ mfa: { required: false, setup: true, validated: true } });
  });

  it('wachtwoord must change the password', async () => {
    const res = await tokenRequest(t.app, 'wachtwoord', DEMO_PASSWORD);
    expect(((await res.json()) as { next: string[] }).next).toEqual(['password_change_required']);
  });

  it('admin2 cannot impersonate a user of the first organisation', async () => {
    const token = await signIn(t.app, 'admin2', DEMO_PASSWORD);
    const res = await rest(t.app, '/api/imitate', { token, json: { userId: await userId('coach') } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'imitation_forbidden' });
  });
});
