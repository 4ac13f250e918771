import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAuthTestApp, graph, rest, signIn, type AuthTestApp } from '../test/auth';
import { authenticateRequest } from '../auth/authenticate';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createAuthTestApp();
  const allow = async (from: number, to: number, company = t.fx.companyA) =>
    t.db.query('INSERT INTO user_imitation_options (user_id, target_user_id, company_id) VALUES ($1, $2, $3)', [from, to, company]);
  const u = t.fx.users;
  await allow(u.admin, u.coach);
  await allow(u.coach, u.participant);
  await allow(u.admin, u.sa);
  // Another company: never allowed. Since migration 013 the composite keys refuse such a link outright.
  await expect(allow(u.admin, u.admin2, t.fx.companyB)).rejects.toThrow(/foreign key/);
  adminToken = await signIn(t.app, 'admin');
});
afterAll(async () => {
  await t.db.close();
});

const chainHeaders = (chain: number[]) => ({
  'x-imitate-user': String(chain[chain.length - 1]),
  cookie: `identity_chain=${encodeURIComponent(JSON.stringify(chain))}`,
});

const viewerOf = async (headers: Record<string, string>) => {
  const result = await authenticateRequest(t.db, new Request('http://x/api/v2/graph', { headers: { authorization: `Bearer ${adminToken}`, ...headers } }));
  if (result.kind !== 'viewer') throw new Error(`expected a viewer, got ${JSON.stringify(result)}`);
  return result.viewer;
};

describe('impersonation', () => {
  it('starts along the imitation options, answers the chain and audit-logs user and on-behalf-of', async () => {
    const u = t.fx.users;
    const first = await rest(t.app, '/api/imitate', { token: adminToken, json: { userId: u.coach } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, chain: [u.coach], userId: u.coach });
    expect(first.headers.getSetCookie().find((c) => c.startsWith('identity_chain='))).not.toMatch(/HttpOnly/i);

    const second = await rest(t.app, '/api/imitate', { token: adminToken, json: { userId: u.participant }, headers: chainHeaders([u.coach]) });
    expect(await second.json()).toEqual({ success: true, chain: [u.coach, u.participant], userId: u.participant });

    const rows = await auditRows(t.db, 'impersonation.start');
    expect(rows.map((r) => [r.user_id, r.on_behalf_of_user_id])).toEqual([
      [u.admin, u.coach],
      [u.admin, u.participant],
    ]);
  });

  it('the effective viewer follows the header and the chain; the token stays the real user', async () => {
    const u = t.fx.users;
    const v1 = await viewerOf(chainHeaders([u.coach, u.participant]));
    expect(v1).toMatchObject({ userId: u.participant, realUserId: u.admin, chain: [u.coach, u.participant], roleId: 2, participantId: t.fx.participantId, companyId: t.fx.companyA });
    const v0 = await viewerOf({});
    expect(v0).toMatchObject({ userId: u.admin, chain: [], roleId: 7 });
    // header without the cookie: one step from the real user
    expect(await viewerOf({ 'x-imitate-user': String(u.coach) })).toMatchObject({ userId: u.coach, chain: [u.coach] });
  });

  it.each([
    ['not in the options', () => [t.fx.users.manager], 'imitation_forbidden'],
    ['a step not in the previous user\'s options', () => [t.fx.users.coach, t.fx.users.manager], 'imitation_forbidden'],
    ['another company', () => [t.fx.users.admin2], 'imitation_forbidden'],
    ['a super administrator', () => [t.fx.users.sa], 'sa_imitation_forbidden'],
  ])('%s → %s (graph 200, REST 403)', async (_name, chainOf, code) => {
    const chain = chainOf();
    const g = await graph(t.app, '{ mfa { required } }', { token: adminToken, headers: chainHeaders(chain) });
    expect(g.status).toBe(200);
    expect(g.errors?.[0]?.extensions?.code).toBe(code);
    const start = await rest(t.app, '/api/imitate', { token: adminToken, json: { userId: chain[chain.length - 1], clean: chain.length === 1 } , headers: chain.length > 1 ? chainHeaders(chain.slice(0, -1)) : {} });
    expect(start.status).toBe(403);
    expect(await start.json()).toMatchObject({ error: code });
  });

  it('a refused start is audit-logged', async () => {
    expect((await auditRows(t.db, 'impersonation.refused')).length).toBeGreaterThanOrEqual(4);
  });

  it('a clean start resets the chain', async () => {
    const u = t.fx.users;
    const res = await rest(t.app, '/api/imitate', { token: adminToken, json: { userId: u.coach, clean: true }, headers: chainHeaders([u.coach, u.participant]) });
    expect(await res.json()).toMatchObject({ chain: [u.coach] });
  });

  it('stop pops one step and audit-logs; logout while impersonating pops without revoking the token', async () => {
    const u = t.fx.users;
    const stop = await rest(t.app, '/api/imitate/stop', { method: 'POST', token: adminToken, headers: chainHeaders([u.coach, u.participant]) });
    expect(await stop.json()).toEqual({ success: true, chain: [u.coach] });
    expect((await auditRows(t.db, 'impersonation.stop')).at(-1)).toMatchObject({ user_id: u.admin, on_behalf_of_user_id: u.participant });

    const logout = await rest(t.app, '/api/oauth/logout', { method: 'POST', token: adminToken, headers: chainHeaders([u.coach]) });
    expect(await logout.json()).toEqual({ success: true, chain: [] });
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('identity_chain='))).toMatch(/Max-Age=0/);
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('access_token='))).toBeUndefined();
    expect((await graph(t.app, '{ mfa { required } }', { token: adminToken })).errors).toBeUndefined();
  });

  it('a forbidden chain can still be left', async () => {
    const stop = await rest(t.app, '/api/imitate/stop', { method: 'POST', token: adminToken, headers: chainHeaders([t.fx.users.sa]) });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ success: true, chain: [] });
  });

  it('no password change while impersonating', async () => {
    const res = await graph<{ changePassword: { success: boolean; reason: string } }>(
      t.app,
      'mutation { changePassword(oldPassword: "Test-Wachtwoord-2026!", newPassword: "Nieuw-Wachtwoord-2026!") { success reason } }',
      { token: adminToken, headers: chainHeaders([t.fx.users.coach]) },
    );
    expect(res.data?.changePassword).toEqual({ success: false, reason: 'auth.imitationPasswordChange' });
  });
});
