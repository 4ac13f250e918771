import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAuthTestApp, graph, rest, signIn, type AuthTestApp } from '../test/auth';
import { signInAtProvider, startTestProvider, type TestProvider } from '../test/oidc-provider';
import { issuerAllowed, issuerOf } from '../auth/sso';
import { SSO_START_CALLS } from '../auth/anonymous-audit';
import { Role } from '../../src/domain/shared/roles';

/** Single sign-on (issue 24) against a real OpenID Connect provider on a loopback port. */

process.env.TRUST_PROXY = '1';
const REDIRECT = 'https://werkpad.test/oauth/authorization-code';

let t: AuthTestApp;
let op: TestProvider;
let adapterUuid: string;
let adminToken: string;

const flowCookie = (res: Response): string => {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('sso_flow='));
  if (!line) throw new Error('no sso_flow cookie');
  return line.split(';')[0]!;
};

/** Starts a flow (as `token`'s user when linking), signs in at the provider as `login`, answers the grant's input. */
async function throughProvider(login: string, options: { token?: string; link?: boolean; uuid?: string } = {}): Promise<{ cookie: string; payload: string }> {
  const start = await rest(t.app, '/api/oauth/sso/start', { token: options.token ?? null, json: { uuid: options.uuid ?? adapterUuid, ...(options.link ? { link: true } : {}) } });
  expect(start.status).toBe(200);
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  const url = new URL(authorizationUrl);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
  const cookie = flowCookie(start);
  return { cookie, payload: await signInAtProvider(authorizationUrl, login, REDIRECT) };
}

const grant = (input: { cookie?: string; payload: string; uuid?: string; token?: string }) =>
  t.app.request('/api/oauth/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '10.9.0.1',
      ...(input.cookie ? { cookie: input.cookie } : {}),
      ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
    },
    body: new URLSearchParams({ grant_type: 'sso', uuid: input.uuid ?? adapterUuid, payload: input.payload }).toString(),
  });

beforeAll(async () => {
  t = await createAuthTestApp({ WERKPAD_SSO_LOOPBACK_ISSUERS: '1' });
  op = await startTestProvider(REDIRECT);
  adminToken = await signIn(t.app, 'admin');
  const added = await graph<{ addCompanyAuthenticationAdapter: { success: boolean; reason: string | null } }>(
    t.app,
    'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason } }',
    { token: adminToken, variables: { i: { adapter: 'oidc', label: 'Inloggen met Test-IdP', settings: JSON.stringify({ issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret }) } } },
  );
  expect(added.data?.addCompanyAuthenticationAdapter).toEqual({ success: true, reason: null });
  const { rows } = await t.db.query<{ uuid: string }>(`SELECT uuid FROM company_authentication_adapters WHERE label = 'Inloggen met Test-IdP'`);
  adapterUuid = rows[0]!.uuid;
});
afterAll(async () => {
  await op.close();
  await t.db.close();
});

describe('adapters', () => {
  it('keeps the client secret encrypted at rest and never answers it', async () => {
    const { rows } = await t.db.query<{ settings: { clientSecret: string } }>('SELECT settings FROM company_authentication_adapters WHERE uuid = $1', [adapterUuid]);
    expect(rows[0]!.settings.clientSecret).toMatch(/^v1:/);
    expect(JSON.stringify(rows[0]!.settings)).not.toContain(op.clientSecret);
    const listed = await graph<{ companyAuthenticationAdapters: { uuid: string; settings: { clientSecret: string } }[] }>(t.app, '{ companyAuthenticationAdapters { uuid settings } }', { token: adminToken });
    expect(listed.data?.companyAuthenticationAdapters.find((a) => a.uuid === adapterUuid)?.settings.clientSecret).toBe('********');
  });

  it('refuses an http issuer that is not a loopback address; loopback http only where the installation allows it', async () => {
    const added = await graph<{ addCompanyAuthenticationAdapter: { success: boolean; reason: string | null } }>(
      t.app,
      'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason } }',
      { token: adminToken, variables: { i: { adapter: 'oidc', label: 'Onveilig', settings: JSON.stringify({ issuer: 'http://idp.example.nl', clientId: 'x', clientSecret: 'y' }) } } },
    );
    expect(added.data?.addCompanyAuthenticationAdapter).toEqual({ success: false, reason: 'admin.errors.adapter.issuer' });
    expect(issuerAllowed('http://127.0.0.1:9999', { ssoLoopbackIssuers: false })).toBe(false);
    expect(issuerAllowed('http://127.0.0.1:9999', { ssoLoopbackIssuers: true })).toBe(true);
    expect(issuerAllowed('https://idp.example.nl/realms/a', { ssoLoopbackIssuers: false })).toBe(true);
    expect(issuerOf({ type: 'entra_id', settings: { tenantId: '6f1c2b9e-4d3a-4b8e-9a2f-0c1d2e3f4a5b' } })).toBe('https://login.microsoftonline.com/6f1c2b9e-4d3a-4b8e-9a2f-0c1d2e3f4a5b/v2.0');
  });

  it('sso-buttons lists the enabled adapters (optionally of one company); another company sees its own', async () => {
    const res = await rest(t.app, '/api/oauth/sso-buttons', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ uuid: adapterUuid, label: 'Inloggen met Test-IdP', protocol: 'oidc' }]);
    const other = await rest(t.app, '/api/oauth/sso-buttons', { json: { company: 'onbekend' } });
    expect(await other.json()).toEqual([]);
  });
});

describe('the SSO grant', () => {
  it('refuses an unknown subject with its reason, and audits it', async () => {
    const { cookie, payload } = await throughProvider('nobody-known');
    const res = await grant({ cookie, payload });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'sso_unknown_subject', messageKey: 'auth.sso.unknownSubject' });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('access_token=') && !c.startsWith('access_token=;'))).toBe(false);
    expect((await auditRows(t.db, 'login.sso.refused')).at(-1)?.details).toMatchObject({ reason: 'sso_unknown_subject', subject: 'nobody-known' });
    // provisioning is off by default: nobody was created, although the provider gave a verified e-mail
    expect((await t.db.query("SELECT 1 FROM users WHERE username = 'nobody-known@idp.test'")).rows).toHaveLength(0);
  });

  it('a signed-in user links the provider account; after that it signs them in with a normal session', async () => {
    const coachToken = await signIn(t.app, 'coach');
    const link = await throughProvider('idp-coach', { token: coachToken, link: true });
    const linked = await grant({ ...link, token: coachToken });
    expect(await linked.json()).toEqual({ linked: true });
    const { rows } = await t.db.query<{ user_id: string; issuer: string; subject: string }>('SELECT user_id, issuer, subject FROM user_identities');
    expect(rows.map((r) => ({ ...r, user_id: Number(r.user_id) }))).toEqual([{ user_id: t.fx.users.coach, issuer: op.issuer, subject: 'idp-coach' }]);

    const { cookie, payload } = await throughProvider('idp-coach');
    const res = await grant({ cookie, payload });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; next: string[] };
    expect(body).toMatchObject({ token_type: 'Bearer', next: [] });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('access_token='))).toMatch(/HttpOnly/i);
    const me = await graph<{ me: { id: string } }>(t.app, '{ me { id } }', { token: body.access_token });
    expect(me.data?.me.id).toBe(String(t.fx.users.coach));

    // the same answer of the provider cannot be used twice
    const replay = await grant({ cookie, payload });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'sso_flow_invalid' });
  });

  it('a flow finished in another browser (without its cookie) is refused', async () => {
    const { payload } = await throughProvider('idp-coach');
    const res = await grant({ cookie: 'sso_flow=someone-elses', payload });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'sso_flow_invalid', messageKey: 'auth.sso.flowInvalid' });
  });

  it('a provider account linked to one user cannot be linked to another', async () => {
    const managerToken = await signIn(t.app, 'manager');
    const link = await throughProvider('idp-coach', { token: managerToken, link: true });
    const res = await grant({ ...link, token: managerToken });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'sso_subject_linked_elsewhere' });
  });

  it("follows the company's two-step rules: forced two-step is owed after an SSO sign-in too", async () => {
    await t.db.query(`UPDATE companies SET settings = settings || '{"forceMfa": true}'::jsonb WHERE id = $1`, [t.fx.companyA]);
    const { cookie, payload } = await throughProvider('idp-coach');
    const res = await grant({ cookie, payload });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; next: string[] };
    expect(body.next).toEqual(['mfa_setup_required']);
    const blocked = await rest(t.app, '/api/navigation', { token: body.access_token });
    expect(blocked.status).toBe(403);
    await t.db.query(`UPDATE companies SET settings = settings - 'forceMfa' WHERE id = $1`, [t.fx.companyA]);
  });

  it('an unknown adapter, or a grant without payload, is refused with a reason', async () => {
    const unknown = await grant({ payload: 'code=x&state=y', uuid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'sso_adapter_unknown', messageKey: 'auth.sso.adapterUnknown' });
    const empty = await grant({ payload: '' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'sso_flow_invalid' });
  });
});

describe('starts from one address are budgeted (issue 38)', () => {
  const start = (ip: string, uuid: string) =>
    t.app.request('/api/oauth/sso/start', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ uuid }) });
  const flows = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sso_flows')).rows[0]?.n);

  it('past the budget an address gets 429 with Retry-After and no flow is stored; another address still starts', async () => {
    // Junk starts (an unknown adapter) spend the budget as real ones do.
    for (let i = 0; i < SSO_START_CALLS; i += 1) expect((await start('10.77.0.1', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const before = await flows();
    const refused = await start('10.77.0.1', adapterUuid);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe('sso_throttled');
    expect(await flows()).toBe(before);
    expect((await start('10.77.0.2', adapterUuid)).status).toBe(200);
    expect(await flows()).toBe(before + 1);
  });
});

describe('provisioning unknown subjects (the adapter says so)', () => {
  const addAdapter = async (label: string, extra: Record<string, unknown>) =>
    graph<{ addCompanyAuthenticationAdapter: { success: boolean; reason: string | null } }>(
      t.app,
      'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason } }',
      { token: adminToken, variables: { i: { adapter: 'oidc', label, settings: JSON.stringify({ issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, ...extra }) } } },
    );

  it('an adapter that provisions needs a default role that is not the participant role', async () => {
    expect((await addAdapter('Zonder rol', { provisionUsers: true })).data?.addCompanyAuthenticationAdapter).toEqual({ success: false, reason: 'admin.errors.adapter.defaultRoleId' });
    expect((await addAdapter('Deelnemers', { provisionUsers: true, defaultRoleId: Role.participant })).data?.addCompanyAuthenticationAdapter).toEqual({ success: false, reason: 'admin.errors.adapter.defaultRoleId' });
    expect((await addAdapter('Ja', { provisionUsers: 'ja', defaultRoleId: Role.coach })).data?.addCompanyAuthenticationAdapter).toEqual({ success: false, reason: 'admin.errors.adapter.provisionUsers' });
  });

  it('on: an unknown subject with a verified e-mail becomes a user with the default role, audited, once; unverified or taken e-mail refused', async () => {
    expect((await addAdapter('Met aanmaken', { provisionUsers: true, defaultRoleId: Role.coach })).data?.addCompanyAuthenticationAdapter).toEqual({ success: true, reason: null });
    const uuid = (await t.db.query<{ uuid: string }>(`SELECT uuid FROM company_authentication_adapters WHERE label = 'Met aanmaken'`)).rows[0]!.uuid;

    const first = await throughProvider('idp-nieuw', { uuid });
    const res = await grant({ ...first, uuid });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; next: string[] };
    expect(body.next).toEqual([]);
    const me = await graph<{ me: { id: string } }>(t.app, '{ me { id } }', { token: body.access_token });
    const { rows: created } = await t.db.query<{ id: string; company_id: string; acl_role_id: string; email: string; given_name: string; surname: string; password_hash: string | null }>(
      "SELECT id, company_id, acl_role_id, email, given_name, surname, password_hash FROM users WHERE username = 'idp-nieuw@idp.test'",
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ email: 'idp-nieuw@idp.test', given_name: 'Nieuwe', surname: 'idp-nieuw', password_hash: null });
    expect(Number(created[0]!.acl_role_id)).toBe(Role.coach);
    expect(Number(created[0]!.company_id)).toBe(t.fx.companyA);
    expect(me.data?.me.id).toBe(String(created[0]!.id));
    expect((await auditRows(t.db, 'sso.provision')).at(-1)).toMatchObject({ user_id: Number(created[0]!.id), details: { roleId: Role.coach } });

    // the second sign-in finds the linked user: no second user
    const again = await throughProvider('idp-nieuw', { uuid });
    expect((await grant({ ...again, uuid })).status).toBe(200);
    expect((await t.db.query("SELECT 1 FROM users WHERE username = 'idp-nieuw@idp.test'")).rows).toHaveLength(1);

    // no verified e-mail: refused with its reason, nobody created
    const unverified = await throughProvider('unverified-iemand', { uuid });
    const refused = await grant({ ...unverified, uuid });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'sso_provisioning_refused', messageKey: 'auth.sso.provisioningRefused' });
    expect((await t.db.query("SELECT 1 FROM users WHERE username = 'unverified-iemand@idp.test'")).rows).toHaveLength(0);

    // an e-mail that is already someone's username is never linked by e-mail: refused
    await t.db.query(`INSERT INTO users (company_id, acl_role_id, username, email) VALUES ($1, $2, 'bezet@idp.test', 'bezet@idp.test')`, [t.fx.companyA, Role.coach]);
    const taken = await throughProvider('bezet', { uuid });
    const takenRes = await grant({ ...taken, uuid });
    expect(takenRes.status).toBe(403);
    expect((await auditRows(t.db, 'login.sso.refused')).at(-1)?.details).toMatchObject({ reason: 'sso_provisioning_refused', problem: 'email_in_use' });
    expect((await t.db.query("SELECT user_id FROM user_identities WHERE subject = 'bezet'")).rows).toHaveLength(0);
  });
});
