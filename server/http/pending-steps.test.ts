import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, graph, rest, signIn, TEST_PASSWORD, type AuthTestApp } from '../test/auth';

process.env.TRUST_PROXY = '1';

const NEW_PASSWORD = 'Nieuw-Wachtwoord-2026!';
let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
  // an administrator who must change the password at the next sign-in
  await t.db.query('UPDATE users SET password_validated = false WHERE id = $1', [t.fx.users.admin]);
});
afterAll(async () => {
  await t.db.close();
});

describe('a session that must change its password first (enforced by the server, not the client)', () => {
  it('reads no participant, changes no setting, reaches no REST route; me, changePassword and logout work', async () => {
    const token = await signIn(t.app, 'admin', TEST_PASSWORD, '10.30.0.1');
    for (const query of [
      `{ participant(id: "${t.fx.participantId}") { id } }`,
      '{ participants { totalItems } }',
      '{ me { id } participants { totalItems } }',
      'mutation { resetUserMfa(userId: "1") { success } }',
    ]) {
      const res = await graph(t.app, query, { token });
      expect(res.data ?? null, query).toBeNull();
      expect(res.errors?.[0]?.extensions?.code, query).toBe('password_change_required');
    }
    for (const [path, method] of [
      ['/api/navigation', 'GET'],
      ['/api/files', 'POST'],
      ['/api/imitate', 'POST'],
      [`/api/default/admin/deelnemervisibility/id/${t.fx.participantId}/format/json/setvisibility/hide`, 'POST'],
    ] as const) {
      const res = await rest(t.app, path, { token, method, ...(method === 'POST' ? { json: { userId: t.fx.users.coach } } : {}) });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: string }).error, path).toBe('password_change_required');
    }
    expect((await graph(t.app, '{ me { id } mfa { required } }', { token })).errors).toBeUndefined();

    const changed = await graph<{ changePassword: { success: boolean } }>(
      t.app,
      `mutation { changePassword(oldPassword: "${TEST_PASSWORD}", newPassword: "${NEW_PASSWORD}") { success reason } }`,
      { token },
    );
    expect(changed.data?.changePassword.success).toBe(true);
    // the same session is open now
    const open = await graph<{ participant: { id: string } | null }>(t.app, `{ participant(id: "${t.fx.participantId}") { id } }`, { token });
    expect(open.errors).toBeUndefined();
    expect(open.data?.participant?.id).toBe(String(t.fx.participantId));
    expect((await rest(t.app, '/api/oauth/logout', { method: 'POST', token })).status).toBe(200);
  });

  it('a session owing its second factor reads no participant either', async () => {
    await t.db.query('UPDATE users SET mfa_active = true WHERE id = $1', [t.fx.users.manager]);
    const token = await signIn(t.app, 'manager', TEST_PASSWORD, '10.30.0.2');
    const res = await graph(t.app, `{ participant(id: "${t.fx.participantId}") { id } }`, { token });
    expect(res.errors?.[0]?.extensions?.code).toBe('mfa_setup_required');
    expect((await rest(t.app, '/api/navigation', { token })).status).toBe(403);
    // and it may not change the password before the second factor
    const change = await graph(t.app, `mutation { changePassword(oldPassword: "${TEST_PASSWORD}", newPassword: "${NEW_PASSWORD}") { success } }`, { token });
    expect(change.errors?.[0]?.extensions?.code).toBe('mfa_setup_required');
  });
});
