import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { DEMO_PASSWORD } from '../db/seed';

/**
 * Issue 20, "an impersonator can take over the impersonated account": a manager impersonating a coach
 * changed the coach's e-mail through updateUser, then asked a password reset to the new address.
 */
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

type Answer = { success: boolean; reason: string | null };
async function as(token: string, query: string, variables: Record<string, unknown> = {}, imitate?: number): Promise<{ data: Record<string, Answer> | null; errors?: unknown[] }> {
  const res = await t.app.request('/api/v2/graph', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(imitate ? { 'x-imitate-user': String(imitate) } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as never;
}
const UPDATE = 'mutation($input: UpdateUserInput!) { r: updateUser(input: $input) { success reason } }';
const CHANGE = 'mutation($p: String!, $e: String!) { r: changeEmail(password: $p, email: $e) { success reason } }';
const emailOf = async (username: string) => (await t.db.query<{ email: string | null }>('SELECT email FROM users WHERE username = $1', [username])).rows[0]?.email ?? null;
const uuidOf = async (username: string) => (await t.db.query<{ uuid: string }>('SELECT uuid FROM users WHERE username = $1', [username])).rows[0]?.uuid;

describe('impersonation cannot change who the account is', () => {
  it('a manager impersonating a coach cannot change the coach\'s e-mail (updateUser), nor through changeEmail', async () => {
    const manager = await t.tokenOf('manager');
    const coach = await t.userId('coach');
    const before = await emailOf('coach');
    const res = await as(manager, UPDATE, { input: { id: String(coach), uuid: await uuidOf('coach'), email: 'aanvaller@example.com' } }, coach);
    expect(res.data?.r).toEqual({ success: false, reason: 'reasons.impersonationIdentity' });
    const other = await as(manager, CHANGE, { p: DEMO_PASSWORD, e: 'aanvaller@example.com' }, coach);
    expect(other.data?.r).toEqual({ success: false, reason: 'reasons.impersonationIdentity' });
    expect(await emailOf('coach')).toBe(before);
    // the rest of the profile can still be edited on the coach's behalf (the e-mail sent unchanged)
    const fine = await as(manager, UPDATE, { input: { id: String(coach), uuid: await uuidOf('coach'), email: before, phone: '0612345678' } }, coach);
    expect(fine.data?.r).toEqual({ success: true, reason: null });
  });

  it('nor the password, nor a push subscription (the notification address)', async () => {
    const manager = await t.tokenOf('manager');
    const coach = await t.userId('coach');
    const pw = await as(manager, 'mutation($o: String!, $n: String!) { r: changePassword(oldPassword: $o, newPassword: $n) { success reason } }', { o: DEMO_PASSWORD, n: 'Een-Heel-Nieuw-Wachtwoord-2026' }, coach);
    expect(pw.data?.r?.success).toBe(false);
    const push = await t.app.request('/api/fcm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}`, 'x-imitate-user': String(coach) },
      body: JSON.stringify({ subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BNc', auth: 'x' } } }),
    });
    expect(push.status).toBe(403);
    const { rows } = await t.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [coach]);
    expect(rows).toHaveLength(0);
  });
});

describe('changing one\'s own e-mail', () => {
  it('is refused through updateUser (it needs the password)', async () => {
    const coach = await t.userId('coach');
    const res = await as(await t.tokenOf('coach'), UPDATE, { input: { id: String(coach), uuid: await uuidOf('coach'), email: 'nieuw@example.com' } });
    expect(res.data?.r).toEqual({ success: false, reason: 'reasons.emailNeedsPassword' });
  });

  it('needs the password; the old address is told and can undo it, which ends every session and voids reset links', async () => {
    const token = await t.tokenOf('expert');
    const old = await emailOf('expert');
    expect(old).toBeTruthy();
    const wrong = await as(token, CHANGE, { p: 'niet-het-wachtwoord', e: 'nieuw.adres@example.com' });
    expect(wrong.data?.r).toEqual({ success: false, reason: 'auth.validation.password.oldIncorrect' });
    expect(await emailOf('expert')).toBe(old);
    const right = await as(token, CHANGE, { p: DEMO_PASSWORD, e: 'nieuw.adres@example.com' });
    expect(right.data?.r).toEqual({ success: true, reason: null });
    expect(await emailOf('expert')).toBe('nieuw.adres@example.com');
    const mail = await t.db.query<{ links: string[]; text_body: string }>('SELECT links, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1', [old]);
    const link = mail.rows[0]?.links[0] ?? '';
    expect(link).toMatch(/\/e-mail-herstellen\/[A-Za-z0-9_-]+$/);
    expect(mail.rows[0]?.text_body).toContain('nieuw.adres@example.com');
    // the attacker's reset link to the new address
    await t.app.request('/api/passwordreset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'expert' }) });
    const undo = await as(token, 'mutation($t: String!) { r: undoEmailChange(token: $t) { success reason } }', { t: link.split('/').pop() });
    expect(undo.data?.r).toEqual({ success: true, reason: null });
    expect(await emailOf('expert')).toBe(old);
    const open = await t.db.query("SELECT 1 FROM auth_tokens WHERE purpose = 'password_reset' AND user_id = $1 AND used_at IS NULL", [await t.userId('expert')]);
    expect(open.rows).toHaveLength(0);
    const after = await as(token, '{ r: me { id } }');
    expect(after.data?.r ?? null).toBeNull();
    // single use
    const again = await as(await t.tokenOf('expert'), 'mutation($t: String!) { r: undoEmailChange(token: $t) { success reason } }', { t: link.split('/').pop() });
    expect(again.data?.r).toEqual({ success: false, reason: 'reasons.emailUndoInvalid' });
    const log = await t.db.query("SELECT action FROM audit_log WHERE action LIKE 'user.email.%' AND subject_id = $1 ORDER BY id", [String(await t.userId('expert'))]);
    expect(log.rows.map((r) => (r as { action: string }).action)).toEqual(['user.email.change', 'user.email.change', 'user.email.undo']);
  });
});
