import type { Server } from 'node:http';
import Provider, { type ProviderContext } from 'oidc-provider';
import { freePort } from './free-port';

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, for the single sign-on tests
 * (server/http/sso.test.ts, tests/e2e/sso.spec.ts). Any login name is accepted and becomes the subject
 * (`sub`); the openid scope is granted without a consent screen. PKCE (S256) is required.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'werkpad-test';
  const clientSecret = 'test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_post' }],
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    // e-mail and name for provisioning (issue 24): `<login>@idp.test`, verified unless the login starts with "unverified".
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@idp.test`, email_verified: !sub.startsWith('unverified'), given_name: 'Nieuwe', family_name: sub, name: `Nieuwe ${sub}` }),
    }),
    loadExistingGrant: async (ctx: ProviderContext) => {
      const clientOf = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientOf || !accountId) return undefined;
      const grant = new provider.Grant({ clientId: clientOf, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Signs in at the provider as `login` the way a browser would (following redirects, keeping cookies,
 * submitting the login form), and answers the query string the provider sends back to the redirect URI.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 12; step += 1) {
    if (url.href.startsWith(redirectUri)) return url.search.slice(1);
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    keep(res);
    form = null;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    if (res.status === 200 && html.includes('name="login"')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    throw new Error(`unexpected provider answer ${res.status} at ${url.pathname}: ${html.slice(0, 200)}`);
  }
  throw new Error('the provider did not send the browser back');
}
