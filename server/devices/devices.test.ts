import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRows, createAuthTestApp, graph, rest, signIn, type AuthTestApp } from '../test/auth';
import { forgetDevices } from './registry';
import { DEVICE_HEADER } from '../auth/device-key-shares';
import type { DeviceList } from '../../src/domain/devices/devices';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => {
  await t.db.close();
});
beforeEach(() => forgetDevices());

let counter = 0;
/** A fresh device id per test, so tests do not share devices. */
function newDevice(): string {
  counter++;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function asDevice(device: string, token: string | null, path = '/api/devices', init: { method?: string; json?: unknown } = {}): Promise<Response> {
  return rest(t.app, path, { ...init, token, headers: { [DEVICE_HEADER]: device, 'user-agent': ANDROID_CHROME } });
}

async function list(token: string, device: string, query = ''): Promise<{ status: number; body: DeviceList }> {
  const res = await asDevice(device, token, `/api/devices${query}`);
  return { status: res.status, body: (await res.json()) as DeviceList };
}

describe('a locked session answers session_locked until its user signs in again (issue 36)', () => {
  it('POST /api/session/lock locks the session: REST and graph refuse it, a new sign-in works', async () => {
    const token = await signIn(t.app, 'coach');
    const locked = await rest(t.app, '/api/session/lock', { method: 'POST', token });
    expect(locked.status).toBe(204);
    const restAnswer = await rest(t.app, '/api/devices', { token });
    expect(restAnswer.status).toBe(401);
    expect(((await restAnswer.json()) as { error: string }).error).toBe('session_locked');
    const graphAnswer = await graph(t.app, '{ me { id } }', { token });
    expect(graphAnswer.errors?.[0]?.extensions?.code).toBe('session_locked');
    // Sign-out stays open (a public path), and a new sign-in is an ordinary session.
    expect((await rest(t.app, '/api/oauth/logout', { method: 'POST', token })).status).toBeLessThan(300);
    const fresh = await signIn(t.app, 'coach');
    expect((await rest(t.app, '/api/devices', { token: fresh })).status).toBe(200);
  });

  it('the lock of an ended session is refused, and the session stays ended', async () => {
    const token = await signIn(t.app, 'coach');
    await rest(t.app, '/api/oauth/logout', { method: 'POST', token });
    const answer = await rest(t.app, '/api/session/lock', { method: 'POST', token });
    expect(answer.status).toBe(401);
  });
});

describe('the device registry (issue 36)', () => {
  it('records a signed-in device with its user agent and last contact; the user lists it as theirs', async () => {
    const token = await signIn(t.app, 'coach');
    const device = newDevice();
    const mine = await list(token, device);
    expect(mine.status).toBe(200);
    const row = mine.body.rows.find((r) => r.id === device);
    expect(row).toMatchObject({ userId: t.fx.users.coach, userAgent: ANDROID_CHROME, current: true, revokedAt: null });
    expect(mine.body.rows.every((r) => r.userId === t.fx.users.coach)).toBe(true);
  });

  it('records the unsent count a device reports and answers the company cap (default 14, then the setting)', async () => {
    const token = await signIn(t.app, 'coach');
    const device = newDevice();
    const report = await asDevice(device, token, '/api/devices/current', { json: { unsent: 3 } });
    expect(report.status).toBe(200);
    expect(await report.json()).toEqual({ offlineCapDays: 14 });
    await t.db.query(`UPDATE companies SET settings = coalesce(settings, '{}'::jsonb) || '{"offlineCapDays": 3}'::jsonb WHERE id = $1`, [t.fx.companyA]);
    const again = await asDevice(device, token, '/api/devices/current', { json: { unsent: 5 } });
    expect(await again.json()).toEqual({ offlineCapDays: 3 });
    const row = (await list(token, device)).body.rows.find((r) => r.id === device);
    expect(row?.unsentCount).toBe(5);
    await t.db.query(`UPDATE companies SET settings = settings - 'offlineCapDays' WHERE id = $1`, [t.fx.companyA]);
  });

  it('the company setting offlineCapDays is checked (1-365) and then answered to the devices', async () => {
    const admin = await signIn(t.app, 'admin');
    const set = (value: unknown) =>
      graph<{ setCompanySettings: { success: boolean; reason: string | null } }>(t.app, 'mutation($s: JSON!) { setCompanySettings(settings: $s) { success reason } }', {
        token: admin,
        variables: { s: { offlineCapDays: value } },
      });
    for (const wrong of [0, 366, 2.5, '7']) {
      expect((await set(wrong)).data?.setCompanySettings).toEqual({ success: false, reason: 'admin.errors.settings.offlineCapDays' });
    }
    expect((await set(30)).data?.setCompanySettings.success).toBe(true);
    const coach = await signIn(t.app, 'coach');
    expect(await (await asDevice(newDevice(), coach, '/api/devices/current', { json: { unsent: 0 } })).json()).toEqual({ offlineCapDays: 30 });
    await t.db.query(`UPDATE companies SET settings = settings - 'offlineCapDays' WHERE id = $1`, [t.fx.companyA]);
  });

  it('refuses a malformed report and a malformed device id without writing', async () => {
    const token = await signIn(t.app, 'coach');
    const device = newDevice();
    expect((await asDevice(device, token, '/api/devices/current', { json: { unsent: -1 } })).status).toBe(400);
    expect((await asDevice(device, token, '/api/devices/current', { json: { unsent: 'many' } })).status).toBe(400);
    expect((await rest(t.app, '/api/devices/current', { token, json: { unsent: 1 }, headers: { [DEVICE_HEADER]: 'not-a-uuid' } })).status).toBe(400);
    expect((await asDevice(device, token, '/api/devices/nope/revoke', { method: 'POST' })).status).toBe(400);
  });

  it('an administrator lists the organisation with paging and a user filter; a coach may not', async () => {
    const coach = await signIn(t.app, 'coach');
    const coachDevice = newDevice();
    await list(coach, coachDevice);
    const admin = await signIn(t.app, 'admin');
    const adminDevice = newDevice();
    const all = await list(admin, adminDevice, '?scope=company');
    expect(all.status).toBe(200);
    expect(all.body.rows.map((r) => r.id)).toEqual(expect.arrayContaining([coachDevice, adminDevice]));
    const filtered = await list(admin, adminDevice, `?scope=company&userId=${t.fx.users.coach}`);
    expect(filtered.body.rows.length).toBeGreaterThan(0);
    expect(filtered.body.rows.every((r) => r.userId === t.fx.users.coach)).toBe(true);
    const page2 = await list(admin, adminDevice, '?scope=company&page=2');
    expect(page2.body.page).toBe(2);
    expect(page2.body.rows.map((r) => r.id)).not.toContain(adminDevice);
    expect((await asDevice(coachDevice, coach, '/api/devices?scope=company')).status).toBe(403);
    expect((await asDevice(adminDevice, admin, '/api/devices?page=0')).status).toBe(400);
  });
});

describe('revoking a device (issue 36)', () => {
  it('the administrator revokes: its sessions end, every request naming it answers device_revoked, both are audited', async () => {
    const coach = await signIn(t.app, 'coach');
    const device = newDevice();
    expect((await list(coach, device)).status).toBe(200);
    const admin = await signIn(t.app, 'admin');
    const before = (await auditRows(t.db, 'device.revoke')).length;
    const revoked = await asDevice(newDevice(), admin, `/api/devices/${device}/revoke`, { method: 'POST' });
    expect(revoked.status).toBe(200);
    const audit = await auditRows(t.db, 'device.revoke');
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)).toMatchObject({ user_id: t.fx.users.admin, on_behalf_of_user_id: t.fx.users.coach, company_id: t.fx.companyA });

    // Signed in or not, REST or graph: device_revoked.
    const rest1 = await asDevice(device, coach);
    expect(rest1.status).toBe(401);
    expect(((await rest1.json()) as { error: string }).error).toBe('device_revoked');
    expect((await asDevice(device, null, '/api/oauth/sso-buttons')).status).toBe(401);
    const viaGraph = await graph(t.app, '{ me { id } }', { token: coach, headers: { [DEVICE_HEADER]: device } });
    expect(viaGraph.errors?.[0]?.extensions?.code).toBe('device_revoked');
    // The session itself ended too (without the header it is refused as revoked).
    const plain = await rest(t.app, '/api/devices', { token: coach });
    expect(plain.status).toBe(401);
    expect(((await plain.json()) as { error: string }).error).toBe('access_denied');
    // The refusal (the wipe ordered) and the device's report of its wipe are in the organisation's audit log, once each.
    await asDevice(device, null, '/api/oauth/sso-buttons');
    expect((await auditRows(t.db, 'device.wipeOrdered')).filter((r) => r.company_id === t.fx.companyA && r.on_behalf_of_user_id === t.fx.users.coach).length).toBeGreaterThan(0);
    const wipesBefore = (await auditRows(t.db, 'device.wiped')).length;
    expect((await asDevice(device, null, '/api/devices/wiped', { method: 'POST' })).status).toBe(204);
    expect((await asDevice(device, null, '/api/devices/wiped', { method: 'POST' })).status).toBe(204);
    expect((await auditRows(t.db, 'device.wiped')).length).toBe(wipesBefore + 1);
    // Revoking again: already revoked.
    expect((await asDevice(newDevice(), admin, `/api/devices/${device}/revoke`, { method: 'POST' })).status).toBe(409);
    // The list shows it revoked, by whom.
    const row = (await list(admin, newDevice(), '?scope=company')).body.rows.find((r) => r.id === device);
    expect(row?.revokedAt).not.toBeNull();
    expect(row?.wipedAt).not.toBeNull();
  });

  it('a user revokes their own device but not a colleague’s', async () => {
    const coach = await signIn(t.app, 'coach');
    const own = newDevice();
    await list(coach, own);
    const manager = await signIn(t.app, 'manager');
    const managers = newDevice();
    await list(manager, managers);
    expect((await asDevice(own, coach, `/api/devices/${managers}/revoke`, { method: 'POST' })).status).toBe(404);
    const other = newDevice();
    expect((await asDevice(other, coach, `/api/devices/${own}/revoke`, { method: 'POST' })).status).toBe(200);
    expect((await asDevice(managers, manager)).status).toBe(200);
  });

  it('tenancy: an administrator of organisation B sees and revokes nothing of organisation A', async () => {
    const coach = await signIn(t.app, 'coach');
    const device = newDevice();
    await list(coach, device);
    const admin2 = await signIn(t.app, 'admin2');
    const theirs = await list(admin2, newDevice(), '?scope=company');
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows.map((r) => r.id)).not.toContain(device);
    expect(theirs.body.rows.every((r) => r.userId === t.fx.users.admin2)).toBe(true);
    expect((await asDevice(newDevice(), admin2, `/api/devices/${device}/revoke`, { method: 'POST' })).status).toBe(404);
    expect((await asDevice(device, coach)).status).toBe(200);
  });
});
