import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { createAuthTestApp, graph, rest, signIn, type AuthTestApp } from '../test/auth';
import { guardedRequest, OutboundRefused, type OutboundRules, type Resolver } from './outbound';
import { issuerAllowed, issuerFetch } from '../auth/sso-outbound';
import { publicLookup } from '../messages/push-endpoint';
import { adapterSettingsProblem } from '../../src/domain/company-settings/auth-adapters';

/**
 * Issue 38, findings 4 and 7: one outbound guard for transfer endpoints, SSO issuers (discovery, keys, token
 * endpoint) and web push. What an attacker configures: internal literals in every spelling, names that resolve
 * inward, and redirects that lead inward. Nothing refused is ever connected to (the local server counts hits).
 */

process.env.TRUST_PROXY = '1';

/** Internal addresses as an attacker writes them in a URL (IPv6 forms carrying 127.0.0.1 or 10.0.0.1 among them). */
const INTERNAL_HOSTS = [
  '127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', '[::127.0.0.1]', '[2002:7f00:1::]', '[64:ff9b::a00:1]',
  '100.64.0.1', '198.18.0.1', '0.0.0.0', '[fd00::1]', '[fe80::1]', '224.0.0.1', '0x7f.1', '2130706433', 'localhost', 'idp.internal',
];

let server: Server;
let port = 0;
const hits: Record<string, number> = {};
const redirects: Record<string, string> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    const to = redirects[path];
    if (to) return void res.writeHead(302, { location: to.replace('{port}', String(port)) }).end();
    res.writeHead(200, { 'content-type': 'text/csv' }).end('BSN;Naam\n123456782;Anna\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const rules = (patch: Partial<OutboundRules> = {}): OutboundRules => ({
  protocols: ['http:', 'https:'], hostAllowed: () => true, privateHosts: ['127.0.0.1'], timeoutMs: 5000, maxBytes: 100_000, maxRedirects: 3, ...patch,
});
const refusal = (p: Promise<unknown>) => p.then(() => 'connected', (e: unknown) => (e instanceof OutboundRefused ? e.refusal : String(e)));
const answersWith = (addresses: string[]): Resolver => (_host, cb) => cb(null, addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('the guard itself', () => {
  it('refuses every internal spelling before connecting', async () => {
    for (const host of INTERNAL_HOSTS) {
      expect(await refusal(guardedRequest(`http://${host}:${port}/direct`, { method: 'GET' }, rules({ privateHosts: [] }))), host).toBe('private_address');
    }
    expect(hits['/direct']).toBeUndefined();
  });

  it('checks what a name resolves to, every address, at connect time (DNS rebinding)', async () => {
    for (const inward of [['127.0.0.1'], ['8.8.8.8', '127.0.0.1'], ['::ffff:127.0.0.1'], ['::127.0.0.1'], ['2002:7f00:1::1'], ['64:ff9b::7f00:1']]) {
      expect(await refusal(guardedRequest(`http://rebind.example.org:${port}/rebind`, { method: 'GET' }, rules({ privateHosts: [], resolve: answersWith(inward) }))), inward.join()).toBe('private_address');
    }
    expect(hits['/rebind']).toBeUndefined();
    // the exempt host of an operator still connects, to the address that was checked
    const ok = await guardedRequest(`http://127.0.0.1:${port}/fine`, { method: 'GET' }, rules());
    expect(ok.status).toBe(200);
  });

  it('checks every redirect hop as the first, and follows at most three', async () => {
    redirects['/to-localhost'] = 'http://localhost:{port}/secret';
    redirects['/to-mapped'] = 'http://[::ffff:127.0.0.1]:{port}/secret';
    redirects['/to-metadata'] = 'http://169.254.169.254/latest/meta-data/';
    for (const path of ['/to-localhost', '/to-mapped', '/to-metadata']) {
      expect(await refusal(guardedRequest(`http://127.0.0.1:${port}${path}`, { method: 'GET' }, rules())), path).toBe('private_address');
    }
    expect(hits['/secret']).toBeUndefined();
    redirects['/hop1'] = '/hop2';
    redirects['/hop2'] = '/hop3';
    redirects['/hop3'] = '/landed';
    const followed = await guardedRequest(`http://127.0.0.1:${port}/hop1`, { method: 'GET' }, rules());
    expect([followed.status, new URL(followed.url).pathname]).toEqual([200, '/landed']);
    redirects['/hop0'] = '/hop1';
    expect(await refusal(guardedRequest(`http://127.0.0.1:${port}/hop0`, { method: 'GET' }, rules()))).toBe('too_many_redirects');
  });
});

describe('each kind of outbound call', () => {
  let t: AuthTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createAuthTestApp({ WERKPAD_TRANSFER_PRIVATE_HOSTS: '127.0.0.1' });
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.db.close();
  });

  it('transfer: the endpoint scanner refuses internal addresses and inward redirects, and follows a redirect on its own host', async () => {
    // 127.0.0.1 (in any spelling: 0x7f.1, 2130706433) is this installation's exempt host (WERKPAD_TRANSFER_PRIVATE_HOSTS)
    for (const host of INTERNAL_HOSTS.filter((h) => new URL(`http://${h}`).hostname !== '127.0.0.1')) {
      const res = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `http://${host}:${port}/scan` } });
      expect([res.status, ((await res.json()) as { messageKey: string }).messageKey], host).toEqual([400, 'transfer.errors.privateAddress']);
    }
    expect(hits['/scan']).toBeUndefined();
    redirects['/scan-moved'] = 'http://[::ffff:127.0.0.1]:{port}/scan';
    const inward = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `http://127.0.0.1:${port}/scan-moved` } });
    // the redirect leaves the configured host (127.0.0.1 is not [::ffff:127.0.0.1]): refused, not followed
    expect(((await inward.json()) as { messageKey: string }).messageKey).toBe('transfer.errors.otherHost');
    expect(hits['/scan']).toBeUndefined();
    redirects['/scan-here'] = '/people.csv';
    const moved = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `http://127.0.0.1:${port}/scan-here` } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ format: 'csv', rows: 1 });
  });

  it('SSO: an issuer on an internal address is refused when saved, with the reason the form shows', async () => {
    for (const issuer of ['https://127.0.0.1:8443', 'https://10.0.0.1/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://[::127.0.0.1]/', 'https://[2002:a00:1::]/', 'https://localhost/realms/x']) {
      const settings = JSON.stringify({ issuer, clientId: 'werkpad', clientSecret: 'geheim' });
      expect(adapterSettingsProblem('oidc', settings), issuer).toBe('admin.errors.adapter.issuerPrivate');
      const added = await graph<{ addCompanyAuthenticationAdapter: { success: boolean; reason: string | null } }>(
        t.app,
        'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason } }',
        { token: admin, variables: { i: { adapter: 'oidc', label: 'Intern', settings } } },
      );
      expect(added.data?.addCompanyAuthenticationAdapter, issuer).toEqual({ success: false, reason: 'admin.errors.adapter.issuerPrivate' });
      expect(issuerAllowed(issuer, { ssoLoopbackIssuers: false }), issuer).toBe(false);
    }
    expect((await t.db.query("SELECT 1 FROM company_authentication_adapters WHERE label = 'Intern'")).rows).toHaveLength(0);
    expect(adapterSettingsProblem('oidc', JSON.stringify({ issuer: 'https://login.example.nl/realms/a', clientId: 'a', clientSecret: 'b' }))).toBeNull();
  });

  it('SSO: an adapter stored before the rule, pointing inward, starts no flow and connects nowhere', async () => {
    const { rows } = await t.db.query<{ uuid: string }>(
      `INSERT INTO company_authentication_adapters (company_id, adapter_id, label, settings) VALUES ($1, 'oidc', 'Oud', $2::jsonb) RETURNING uuid`,
      [t.fx.companyA, JSON.stringify({ issuer: `https://[::ffff:127.0.0.1]:${port}`, clientId: 'a', clientSecret: 'b' })],
    );
    const res = await rest(t.app, '/api/oauth/sso/start', { json: { uuid: rows[0]!.uuid } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'sso_adapter_incomplete' });
    expect(Object.keys(hits).filter((p) => p.startsWith('/.well-known'))).toEqual([]);
  });

  it('SSO: discovery, keys and token requests reach only the issuer, at public addresses, also after a redirect', async () => {
    const issuer = new URL(`http://127.0.0.1:${port}`);
    const fetcher = issuerFetch(issuer, { ssoLoopbackIssuers: true });
    // the discovery document may name a key set or token endpoint elsewhere: refused
    for (const elsewhere of [`http://localhost:${port}/jwks`, 'http://169.254.169.254/latest/meta-data/', `http://[::ffff:127.0.0.1]:${port}/token`]) {
      expect(await refusal(fetcher(elsewhere, { method: 'GET', headers: {}, body: undefined, redirect: 'manual', signal: undefined } as never)), elsewhere).toBe('other_host');
    }
    redirects['/.well-known/openid-configuration'] = `http://localhost:{port}/jwks`;
    expect(await refusal(fetcher(`${issuer.origin}/.well-known/openid-configuration`, { method: 'GET', headers: {} } as never))).toBe('other_host');
    expect(hits['/jwks']).toBeUndefined();
    expect(hits['/token']).toBeUndefined();
    // an https issuer whose name resolves inward is not connected to
    const named = issuerFetch(new URL('https://idp.example.org'), { ssoLoopbackIssuers: false }, answersWith(['10.0.0.1']));
    expect(await refusal(named('https://idp.example.org/.well-known/openid-configuration', { method: 'GET', headers: {} } as never))).toBe('private_address');
  });

  it('web push: a push service name that resolves to an IPv6 form of an internal address is not connected to (finding 7)', async () => {
    const ask = (resolve: Resolver) =>
      new Promise<string | null>((done) => publicLookup(resolve)('fcm.googleapis.com', {}, (err: unknown) => done((err as { code?: string } | null)?.code ?? null)));
    for (const inward of ['::127.0.0.1', '::ffff:127.0.0.1', '2002:7f00:1::1', '64:ff9b::a00:1', 'fe80::1']) expect(await ask(answersWith([inward])), inward).toBe('EPUSHADDR');
    expect(await ask(answersWith(['2a00:1450:400e:80f::200a']))).toBeNull();
  });
});
