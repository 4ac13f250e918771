import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, rest, signIn, type AuthTestApp } from '../test/auth';
import { deleteKeyShares } from '../auth/device-key-shares';

/** Issue 36: the device key share goes only to its device's live session of the user themself. */
let t: AuthTestApp;
const DEVICE_A = '3b0e7d5c-1f2a-4c6b-9d8e-0a1b2c3d4e5f';
const DEVICE_B = '7c9d1e2f-3a4b-4c5d-8e6f-112233445566';

beforeAll(async () => {
  t = await createAuthTestApp();
  await t.db.query('INSERT INTO user_imitation_options (user_id, target_user_id, company_id) VALUES ($1, $2, $3)', [t.fx.users.admin, t.fx.users.coach, t.fx.companyA]);
});
afterAll(async () => {
  await t.db.close();
});

const ask = (token: string | null, device: string | null, headers: Record<string, string> = {}) =>
  rest(t.app, '/api/device/key-share', { token, headers: { ...(device ? { 'x-werkpad-device': device } : {}), ...headers } });

async function shareOf(token: string, device: string): Promise<string> {
  const res = await ask(token, device);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as { share: string };
  expect(Buffer.from(body.share, 'base64')).toHaveLength(32);
  return body.share;
}

describe('GET /api/device/key-share', () => {
  it('answers the same share to the same device and user every time, another to another device or user', async () => {
    const coach = await signIn(t.app, 'coach');
    const first = await shareOf(coach, DEVICE_A);
    // A new session of the same user on the same device (a sign-in after a restart) gets the same share.
    expect(await shareOf(await signIn(t.app, 'coach'), DEVICE_A)).toBe(first);
    expect(await shareOf(coach, DEVICE_B)).not.toBe(first);
    expect(await shareOf(await signIn(t.app, 'manager'), DEVICE_A)).not.toBe(first);
  });

  it('keeps the share sealed in the database, never the bytes handed out', async () => {
    const coach = await signIn(t.app, 'coach');
    const share = await shareOf(coach, DEVICE_A);
    const { rows } = await t.db.query<{ share: string; company_id: number }>('SELECT share, company_id FROM device_key_shares WHERE device_id = $1 AND user_id = $2', [DEVICE_A, t.fx.users.coach]);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.company_id)).toBe(t.fx.companyA);
    expect(rows[0]!.share).not.toContain(share);
    expect(rows[0]!.share.startsWith('v1:')).toBe(true);
  });

  it('refuses without a session, an ended session, without or with a malformed device id', async () => {
    expect((await ask(null, DEVICE_A)).status).toBe(401);
    const coach = await signIn(t.app, 'coach');
    expect(await (await ask(coach, null)).json()).toEqual({ error: 'device_id_required' });
    expect((await ask(coach, 'not-a-uuid')).status).toBe(400);
    expect((await ask(coach, DEVICE_A.toUpperCase())).status).toBe(400);
    const logout = await rest(t.app, '/api/oauth/logout', { method: 'POST', token: coach });
    expect(logout.status).toBe(200);
    const ended = await ask(coach, DEVICE_A);
    expect(ended.status).toBe(401);
    expect(await ended.text()).not.toContain('share');
  });

  it('refuses a locked session (only its user lifts the lock: the share would open the device without them)', async () => {
    const coach = await signIn(t.app, 'coach');
    expect((await rest(t.app, '/api/session/lock', { method: 'POST', token: coach, headers: { 'x-werkpad-device': DEVICE_A } })).status).toBe(204);
    const res = await ask(coach, DEVICE_A);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'session_locked' });
  });

  it('refuses an impersonated session (the share is the real user’s own)', async () => {
    const admin = await signIn(t.app, 'admin');
    const res = await ask(admin, DEVICE_A, { 'x-imitate-user': String(t.fx.users.coach), cookie: `identity_chain=${encodeURIComponent(JSON.stringify([t.fx.users.coach]))}` });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'impersonation_refused' });
    const { rows } = await t.db.query('SELECT 1 FROM device_key_shares WHERE device_id = $1 AND user_id = $2 AND company_id = $3', [DEVICE_A, t.fx.users.admin, t.fx.companyA]);
    expect(rows).toHaveLength(0);
  });

  it('deleteKeyShares drops every share of one device only: the device then gets a new share', async () => {
    const coach = await signIn(t.app, 'coach');
    const before = await shareOf(coach, DEVICE_A);
    const other = await shareOf(coach, DEVICE_B);
    expect(await deleteKeyShares(t.db, DEVICE_A)).toBe(2); // the coach's and the manager's of the first test
    expect(await shareOf(coach, DEVICE_A)).not.toBe(before);
    expect(await shareOf(coach, DEVICE_B)).toBe(other);
    expect(await deleteKeyShares(t.db, 'nonsense')).toBe(0);
  });
});
