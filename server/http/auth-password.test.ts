import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAuthTestApp, graph, rest, signIn, tokenRequest, TEST_PASSWORD, type AuthTestApp } from '../test/auth';
import { sendInvitationLink } from '../auth/invitations';
import { authSettings } from '../auth/settings';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => {
  await t.db.close();
});

const NEW_PASSWORD = 'Nieuw-Wachtwoord-2026!';
const CHANGE = 'mutation($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) { success reason params } }';
type Result<K extends string> = Record<K, { success: boolean; reason: string | null; params?: Record<string, unknown> | null }>;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}
const outbox = async (to: string): Promise<OutboxMail[]> => (await (await rest(t.app, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as OutboxMail[];
const tokenOf = (link: string) => link.split('/').pop()!;

describe('changePassword', () => {
  it('checks the policy, new ≠ old and the old password; on success ends the other sessions only', async () => {
    const token = await signIn(t.app, 'coach');
    const other = await signIn(t.app, 'coach');
    const run = (o: string, n: string) => graph<Result<'changePassword'>>(t.app, CHANGE, { token, variables: { old: o, new: n } });

    // reason codes (i18n keys) with params, never sentences (docs/decisions.md, "Texts")
    expect((await run(TEST_PASSWORD, 'kort')).data?.changePassword).toEqual({ success: false, reason: 'auth.validation.password.tooShort', params: null });
    expect((await run(TEST_PASSWORD, TEST_PASSWORD)).data?.changePassword.reason).toBe('auth.validation.password.sameAsOld');
    expect((await run('Fout-Wachtwoord-2026!', NEW_PASSWORD)).data?.changePassword.reason).toBe('auth.validation.password.oldIncorrect');
    expect((await run('', NEW_PASSWORD)).data?.changePassword).toEqual({ success: false, reason: 'validation.required', params: { field: 'password' } });

    await t.db.query('UPDATE users SET password_validated = false WHERE id = $1', [t.fx.users.coach]);
    expect((await run(TEST_PASSWORD, NEW_PASSWORD)).data?.changePassword).toEqual({ success: true, reason: null, params: null });
    const { rows } = await t.db.query<{ password_validated: boolean }>('SELECT password_validated FROM users WHERE id = $1', [t.fx.users.coach]);
    expect(rows[0]?.password_validated).toBe(true);
    expect((await graph(t.app, '{ mfa { required } }', { token })).errors).toBeUndefined();
    expect((await graph(t.app, '{ mfa { required } }', { token: other })).errors?.[0]?.extensions?.code).toBe('access_denied');
    expect((await tokenRequest(t.app, 'coach', TEST_PASSWORD)).status).toBe(400);
    expect((await tokenRequest(t.app, 'coach', NEW_PASSWORD)).status).toBe(200);
    expect(await auditRows(t.db, 'password.change')).toHaveLength(1);
  });

  it('wrong old passwords count as failed sign-ins, also many in one request (aliases)', async () => {
    const token = await signIn(t.app, 'manager');
    const aliases = Array.from({ length: 6 }, (_, i) => `a${i}: changePassword(oldPassword: "Guess-Number-${i}-xxxxx!", newPassword: "${NEW_PASSWORD}") { success reason params }`).join('\n');
    const res = await graph<Record<string, { success: boolean; reason: string; params: { minutes?: number } | null }>>(t.app, `mutation { ${aliases} }`, { token });
    const answers = Object.values(res.data ?? {});
    const reasons = answers.map((r) => r.reason);
    expect(reasons.filter((r) => r === 'auth.validation.password.oldIncorrect').length).toBe(5);
    expect(reasons.at(-1)).toBe('auth.tooManyFailedLogins');
    expect(answers.at(-1)?.params?.minutes).toBeGreaterThan(0);
    // further guesses through this session wait; the owner can still sign in elsewhere (no lock-out)
    const later = await graph<Record<string, { reason: string }>>(t.app, `mutation { changePassword(oldPassword: "${TEST_PASSWORD}", newPassword: "${NEW_PASSWORD}") { success reason } }`, { token });
    expect(later.data?.changePassword?.reason).toBe('auth.tooManyFailedLogins');
    expect((await tokenRequest(t.app, 'manager', TEST_PASSWORD, '10.9.9.9')).status).toBe(200);
    t.clock.advance(16 * 60_000);
  });
});

describe('password reset', () => {
  it('answers the same neutral text for known and unknown accounts, and mails a single-use link', async () => {
    const send = (username: string) =>
      t.app.request('/api/passwordreset', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.7.0.1' },
        body: new URLSearchParams({ username }).toString(),
      });
    const known = await send('admin');
    const unknown = await send('niemand');
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const mails = await outbox('admin@example.nl');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Wachtwoord opnieuw instellen');
    expect(mails[0]!.links[0]).toMatch(/^https:\/\/werkpad\.test\/login\/reset-password\/[A-Za-z0-9_-]+$/);
    const token = tokenOf(mails[0]!.links[0]!);

    const session = await signIn(t.app, 'admin');
    const reset = (password: string) => graph<Result<'resetPassword'>>(t.app, 'mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) { success reason } }', { variables: { t: token, p: password } });
    expect((await reset('zwak')).data?.resetPassword.success).toBe(false);
    expect((await reset(NEW_PASSWORD)).data?.resetPassword).toEqual({ success: true, reason: null });
    expect((await reset('Nog-Een-Wachtwoord-2026!')).data?.resetPassword).toEqual({
      success: false,
      reason: 'auth.resetTokenInvalid',
    });
    expect((await tokenRequest(t.app, 'admin', NEW_PASSWORD)).status).toBe(200);
    expect((await graph(t.app, '{ mfa { required } }', { token: session })).errors?.[0]?.extensions?.code).toBe('access_denied');
    expect(await auditRows(t.db, 'password.reset')).toHaveLength(1);
  });

  it('a reset link expires; a newer link replaces an older one', async () => {
    const send = () =>
      t.app.request('/api/passwordreset', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.7.0.2' },
        body: 'username=sa@example.nl',
      });
    await send();
    await send();
    const [newest, older] = await outbox('sa@example.nl');
    const reset = (link: string) =>
      graph<Result<'resetPassword'>>(t.app, 'mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) { success } }', {
        variables: { t: tokenOf(link), p: NEW_PASSWORD },
      });
    expect((await reset(older!.links[0]!)).data?.resetPassword.success).toBe(false);
    t.clock.advance(authSettings(t.config).resetTokenMs + 1000);
    expect((await reset(newest!.links[0]!)).data?.resetPassword.success).toBe(false);
  });
});

describe('self-registration', () => {
  const REGISTER = 'mutation($c: String!, $u: String!, $e: String!) { register(code: $c, username: $u, email: $e) { success reason } }';
  const CONFIRM = 'mutation($t: String!, $p: String!) { confirmRegistration(token: $t, password: $p) { success reason } }';

  it('checks code and username, mails a link valid 24 hours, creates a role-2 user with a participant in status 15', async () => {
    const reg = (c: string, u: string, e: string) => graph<Result<'register'>>(t.app, REGISTER, { variables: { c, u, e } });
    expect((await reg('FOUT', 'nieuw1', 'nieuw1@example.nl')).data?.register).toEqual({ success: false, reason: 'auth.registrationCodeInvalid' });
    // no enumeration (issue 10): a taken name gets the same answer; only the mail's reader learns it at confirmation
    expect((await reg('CODE-A', 'coach', 'x@example.nl')).data?.register.success).toBe(true);
    expect((await reg('CODE-A', 'met spatie', 'x@example.nl')).data?.register.reason).toBe('auth.validation.username');
    expect((await reg('CODE-A', 'nieuw_1', 'nieuw1@example.nl')).data?.register).toEqual({ success: true, reason: null });
    const [mail] = await outbox('nieuw1@example.nl');
    expect(mail!.links[0]).toMatch(/^https:\/\/werkpad\.test\/registration\/confirm\//);

    t.clock.advance(23 * 60 * 60_000);
    const confirm = await graph<Result<'confirmRegistration'>>(t.app, CONFIRM, { variables: { t: tokenOf(mail!.links[0]!), p: NEW_PASSWORD } });
    expect(confirm.data?.confirmRegistration).toEqual({ success: true, reason: null });
    const { rows } = await t.db.query<{ acl_role_id: number; company_id: number; status_id: number }>(
      'SELECT u.acl_role_id, u.company_id, p.status_id FROM users u JOIN participants p ON p.user_id = u.id WHERE u.username = $1',
      ['nieuw_1'],
    );
    expect(rows[0]).toEqual({ acl_role_id: 2, company_id: t.fx.companyA, status_id: 15 });
    expect((await tokenRequest(t.app, 'nieuw_1', NEW_PASSWORD)).status).toBe(200);
    // used once
    expect((await graph<Result<'confirmRegistration'>>(t.app, CONFIRM, { variables: { t: tokenOf(mail!.links[0]!), p: NEW_PASSWORD } })).data?.confirmRegistration.reason).toBe('auth.linkInvalidOrExpired');
  });

  it('the link is dead after 24 hours', async () => {
    await graph(t.app, REGISTER, { variables: { c: 'CODE-B', u: 'laat', e: 'laat@example.nl' } });
    const [mail] = await outbox('laat@example.nl');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    const res = await graph<Result<'confirmRegistration'>>(t.app, CONFIRM, { variables: { t: tokenOf(mail!.links[0]!), p: NEW_PASSWORD } });
    expect(res.data?.confirmRegistration).toEqual({ success: false, reason: 'auth.linkInvalidOrExpired' });
  });
});

describe('invitations', () => {
  const invite = async (overrides: { expireInMs?: number; revoked?: boolean; participantId?: number } = {}) => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO invitations (company_id, acl_role_id, username, email, given_name, surname, participant_id, time_expire, revoked)
       VALUES ($1, $2, $3, $4, 'Ina', 'Uitgenodigd', $5, $6, $7) RETURNING id`,
      [
        t.fx.companyA,
        overrides.participantId ? 2 : 4,
        `invited_${Math.random().toString(36).slice(2, 8)}`,
        `invite${Math.random().toString(36).slice(2, 8)}@example.nl`,
        overrides.participantId ?? null,
        new Date(t.clock.now.getTime() + (overrides.expireInMs ?? 7 * 86_400_000)),
        overrides.revoked ?? false,
      ],
    );
    const id = rows[0]!.id;
    await sendInvitationLink(t.db, t.config, authSettings(t.config), id);
    const { rows: inv } = await t.db.query<{ email: string; username: string }>('SELECT email, username FROM invitations WHERE id = $1', [id]);
    const [mail] = await outbox(inv[0]!.email);
    return { id, username: inv[0]!.username, token: tokenOf(mail!.links[0]!), link: mail!.links[0]! };
  };
  const CONFIRM = 'mutation($t: String!, $p: String!, $u: String) { confirmInvitation(token: $t, password: $p, username: $u) { success reason } }';

  it('shows what the link is about, creates the user with the chosen password, then counts as used', async () => {
    const inv = await invite();
    expect(inv.link).toMatch(/\/login\/confirm-invitation\//);
    const info: unknown = await (await rest(t.app, `/api/invitations/${inv.token}`)).json();
    expect(info).toMatchObject({ state: 'valid', username: inv.username, givenName: 'Ina', surname: 'Uitgenodigd' });
    const viaGraph = await graph<{ invitationByToken: { state: string } }>(t.app, 'query($t: String!) { invitationByToken(token: $t) { state } }', { variables: { t: inv.token } });
    expect(viaGraph.data?.invitationByToken.state).toBe('valid');

    const res = await graph<Result<'confirmInvitation'>>(t.app, CONFIRM, { variables: { t: inv.token, p: NEW_PASSWORD } });
    expect(res.data?.confirmInvitation).toEqual({ success: true, reason: null });
    expect((await tokenRequest(t.app, inv.username, NEW_PASSWORD)).status).toBe(200);
    expect(await (await rest(t.app, `/api/invitations/${inv.token}`)).json()).toMatchObject({ state: 'used', username: null });
    const again = await graph<Result<'confirmInvitation'>>(t.app, CONFIRM, { variables: { t: inv.token, p: NEW_PASSWORD } });
    expect(again.data?.confirmInvitation.reason).toBe('auth.invitationUsed');
  });

  it('an invitation for a participant links the new login to the participant', async () => {
    const { rows } = await t.db.query<{ id: number }>("INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, 'Uit', 'Nodiging') RETURNING id", [t.fx.companyA]);
    const inv = await invite({ participantId: rows[0]!.id });
    const res = await graph<Result<'confirmInvitation'>>(t.app, CONFIRM, { variables: { t: inv.token, p: NEW_PASSWORD, u: 'eigen_naam' } });
    expect(res.data?.confirmInvitation.success).toBe(true);
    const linked = await t.db.query<{ acl_role_id: number }>('SELECT u.acl_role_id FROM participants p JOIN users u ON u.id = p.user_id WHERE p.id = $1 AND u.username = $2', [rows[0]!.id, 'eigen_naam']);
    expect(linked.rows[0]?.acl_role_id).toBe(2);
  });

  it.each([
    ['expired', { expireInMs: -1000 }, 'auth.invitationExpired'],
    ['revoked', { revoked: true }, 'auth.invitationRevoked'],
  ])('%s → a clear reason', async (state, overrides, reason) => {
    const inv = await invite(overrides);
    expect(await (await rest(t.app, `/api/invitations/${inv.token}`)).json()).toMatchObject({ state, username: null });
    const res = await graph<Result<'confirmInvitation'>>(t.app, CONFIRM, { variables: { t: inv.token, p: NEW_PASSWORD } });
    expect(res.data?.confirmInvitation).toEqual({ success: false, reason });
  });
});
