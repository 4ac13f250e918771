import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { auditRows, createAuthTestApp, graph, rest, signIn, tokenRequest, TEST_PASSWORD, TEST_SECRET_KEY, type AuthTestApp } from '../test/auth';
import { secretBoxOf } from '../auth/secret-box';

const testSecretBox = secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]);

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({}, { maxMfaFailures: 3 });
  await t.db.query('UPDATE users SET mfa_active = true WHERE id = ANY($1::bigint[])', [[t.fx.users.coach, t.fx.users.manager]]);
});
afterAll(async () => {
  await t.db.close();
});

const codeAt = (secret: string, date: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: date.getTime() });

async function enrol(username: string): Promise<{ token: string; secret: string }> {
  const token = await signIn(t.app, username);
  const setup = await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } });
  expect(setup.status).toBe(200);
  const data = (await setup.json()) as { secret: string; otpauthUri: string; qrCodeDataUrl: string };
  const confirm = await rest(t.app, '/api/oauth/mfa/setup', { token, json: { code: codeAt(data.secret, t.clock.now) } });
  expect(confirm.status).toBe(200);
  t.clock.advance(30_000);
  return { token, secret: data.secret };
}

describe('two-step authentication', () => {
  it('setup: the session needs setup, gets secret + otpauth URI + QR code, confirms with a code', async () => {
    const res = await tokenRequest(t.app, 'coach');
    const body = (await res.json()) as { access_token: string; next: string[] };
    expect(body.next).toEqual(['mfa_setup_required']);
    const token = body.access_token;

    // until set up, only the two-step endpoints, logout and me/mfa are open
    const refused = await graph(t.app, 'mutation { changePassword(oldPassword: "x", newPassword: "y") { success } }', { token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('mfa_setup_required');
    expect(refused.data).toBeNull();
    expect((await graph(t.app, '{ me { __typename } }', { token })).errors).toBeUndefined();
    const status = await graph(t.app, '{ mfa { active setup validated required } }', { token });
    expect(status.data).toEqual({ mfa: { active: true, setup: false, validated: false, required: true } });
    const rest403 = await rest(t.app, '/api/imitate', { token, json: { userId: t.fx.users.admin } });
    expect(rest403.status).toBe(403);
    expect(await rest403.json()).toMatchObject({ error: 'mfa_setup_required' });

    const setup = await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } });
    const data = (await setup.json()) as { secret: string; otpauthUri: string; qrCodeDataUrl: string };
    expect(data.secret).toMatch(/^[A-Z2-7]+$/);
    expect(data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Werkpad:coach\?/);
    expect(data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // the same pending secret on a reload
    expect(((await (await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } })).json()) as { secret: string }).secret).toBe(data.secret);

    const wrong = await rest(t.app, '/api/oauth/mfa/setup', { token, json: { code: '000000' === codeAt(data.secret, t.clock.now) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'mfa_code_invalid', messageKey: 'auth.mfaCodeInvalid' });

    const ok = await rest(t.app, '/api/oauth/mfa/setup', { token, json: { code: codeAt(data.secret, t.clock.now) } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, next: [] });
    const open = await graph(t.app, 'mutation { changePassword(oldPassword: "x", newPassword: "y") { success } }', { token });
    expect(open.errors).toBeUndefined();
    expect((await auditRows(t.db, 'mfa.setup')).map((r) => r.user_id)).toEqual([t.fx.users.coach]);

    // once set up, the setup endpoint is closed (nobody re-enrols with only a password)
    const again = await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } });
    expect(await again.json()).toMatchObject({ error: 'mfa_already_set_up' });
  });

  it('verify: a new sign-in must validate; a code works once', async () => {
    t.clock.advance(60_000);
    const res = await tokenRequest(t.app, 'coach');
    const { access_token: token, next } = (await res.json()) as { access_token: string; next: string[] };
    expect(next).toEqual(['mfa_validation_required']);
    const refused = await graph(t.app, 'mutation { changePassword(oldPassword: "x", newPassword: "y") { success } }', { token });
    expect(refused.status).toBe(200);
    expect(refused.errors?.[0]?.extensions?.code).toBe('mfa_validation_required');
    expect((await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } })).status).toBe(400);

    const { rows } = await t.db.query<{ mfa_secret: string }>('SELECT mfa_secret FROM users WHERE id = $1', [t.fx.users.coach]);
    const secret = testSecretBox.decrypt(rows[0]!.mfa_secret)!;
    const code = codeAt(secret, t.clock.now);
    const verified = await rest(t.app, '/api/oauth/mfa/verify', { token, json: { code } });
    expect(verified.status).toBe(200);
    expect((await graph(t.app, '{ mfa { required validated } }', { token })).data).toEqual({ mfa: { required: false, validated: true } });

    // the same code in another session is refused
    const other = await signIn(t.app, 'coach');
    const reused = await rest(t.app, '/api/oauth/mfa/verify', { token: other, json: { code } });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'mfa_code_invalid', hint: 'Code already used' });
    // the next time-step's code works
    t.clock.advance(30_000);
    expect((await rest(t.app, '/api/oauth/mfa/verify', { token: other, json: { code: codeAt(secret, t.clock.now) } })).status).toBe(200);
  });

  it('too many wrong codes end the session with the spec message', async () => {
    const token = await signIn(t.app, 'coach');
    for (let i = 0; i < 2; i++) {
      const res = await rest(t.app, '/api/oauth/mfa/verify', { token, json: { code: '12345' + i } });
      expect(((await res.json()) as { error: string }).error).toBe('mfa_code_invalid');
    }
    const last = await rest(t.app, '/api/oauth/mfa/verify', { token, json: { code: '123459' } });
    expect(last.status).toBe(401);
    expect(await last.json()).toMatchObject({ error: 'mfa_too_many_attempts', messageKey: 'auth.mfaTooManyAttempts' });
    expect(last.headers.getSetCookie().find((c) => c.startsWith('access_token='))).toMatch(/Max-Age=0/);
    t.clock.advance(16 * 60_000); // the two-step lock (lockMinutes) passes
    const after = await graph(t.app, '{ mfa { required } }', { token });
    expect(after.errors?.[0]?.extensions).toEqual({ code: 'access_denied', reason: 'auth.accessDenied', hint: 'Access token has been revoked' });
    expect(await auditRows(t.db, 'mfa.too_many_attempts')).toHaveLength(1);
  });

  it('refuses a malformed code without counting it', async () => {
    const token = await signIn(t.app, 'coach');
    const res = await rest(t.app, '/api/oauth/mfa/verify', { token, json: { code: 'abc' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', message: 'auth.validation.mfaCode', messageKey: 'auth.validation.mfaCode' });
  });

  it('an administrator of the same company resets a second factor; other companies and non-admins cannot', async () => {
    const { secret } = await enrol('manager');
    expect(secret).toBeTruthy();
    const adminToken = await signIn(t.app, 'admin');
    const admin2Token = await signIn(t.app, 'admin2');
    const participantToken = await signIn(t.app, 'participant');
    const mutation = 'mutation($id: ID!) { resetUserMfa(userId: $id) { success reason } }';
    const variables = { id: String(t.fx.users.manager) };

    const foreign = await graph<{ resetUserMfa: { success: boolean } }>(t.app, mutation, { token: admin2Token, variables });
    expect(foreign.data?.resetUserMfa.success).toBe(false);
    const notAdmin = await graph<{ resetUserMfa: { success: boolean } }>(t.app, mutation, { token: participantToken, variables });
    expect(notAdmin.data?.resetUserMfa.success).toBe(false);

    const done = await graph<{ resetUserMfa: { success: boolean } }>(t.app, mutation, { token: adminToken, variables });
    expect(done.data?.resetUserMfa.success).toBe(true);
    const { rows } = await t.db.query<{ mfa_setup: boolean; mfa_secret: string | null }>('SELECT mfa_setup, mfa_secret FROM users WHERE id = $1', [t.fx.users.manager]);
    expect(rows[0]).toEqual({ mfa_setup: false, mfa_secret: null });
    const res = await tokenRequest(t.app, 'manager', TEST_PASSWORD);
    expect(((await res.json()) as { next: string[] }).next).toEqual(['mfa_setup_required']);
    expect((await auditRows(t.db, 'mfa.reset'))[0]).toMatchObject({ user_id: t.fx.users.admin, company_id: t.fx.companyA });
  });
});
