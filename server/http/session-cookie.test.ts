import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, tokenRequest, type AuthTestApp } from '../test/auth';
import { hashToken } from '../auth/session';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
const TTL_MS = 60 * 60_000;
beforeAll(async () => {
  t = await createAuthTestApp({}, { sessionTtlMs: TTL_MS, sessionMaxMs: 24 * 60 * 60_000 });
});
afterAll(async () => {
  await t.db.close();
});

function accessCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith('access_token=') || line.startsWith('__Host-access_token='));
}

function attribute(cookie: string, name: string): string | null {
  const part = cookie.split(';').map((p) => p.trim()).find((p) => p.toLowerCase().startsWith(`${name.toLowerCase()}=`));
  return part ? part.slice(name.length + 1) : null;
}

async function sessionExpiry(token: string): Promise<Date> {
  const { rows } = await t.db.query<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE id = $1', [hashToken(token)]);
  return rows[0]!.expires_at;
}

/** A graph call a browser makes: the cookie, from the page's own origin. */
function cookieCall(token: string): Promise<Response> {
  return Promise.resolve(
    t.app.request('http://localhost/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `access_token=${token}`, origin: 'http://localhost' },
      body: JSON.stringify({ query: '{ mfa { required } }' }),
    }),
  );
}

describe('the access-token cookie lives as long as the server session (issue 18)', () => {
  it('sign-in sets Max-Age and Expires to the session expiry, not a browser-session cookie', async () => {
    const res = await tokenRequest(t.app, 'coach', undefined, '10.9.0.1');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    const cookie = accessCookie(res)!;
    expect(cookie).toContain(`access_token=${body.access_token}`);
    const expiresAt = await sessionExpiry(body.access_token);
    expect(Number(attribute(cookie, 'Max-Age'))).toBe(Math.floor((expiresAt.getTime() - t.clock.now.getTime()) / 1000));
    expect(Number(attribute(cookie, 'Max-Age'))).toBe(body.expires_in);
    expect(new Date(attribute(cookie, 'Expires')!).getTime()).toBe(Math.floor(expiresAt.getTime() / 1000) * 1000);
  });

  it('the sliding renewal sends the cookie again with the new expiry; a bearer call gets no cookie', async () => {
    const res = await tokenRequest(t.app, 'coach', undefined, '10.9.0.2');
    const { access_token: token } = (await res.json()) as { access_token: string };
    t.clock.advance(10 * 60_000);
    const renewed = await cookieCall(token);
    expect(renewed.status).toBe(200);
    const cookie = accessCookie(renewed)!;
    expect(cookie).toContain(`access_token=${token}`);
    const expiresAt = await sessionExpiry(token);
    expect(expiresAt.getTime()).toBe(t.clock.now.getTime() + TTL_MS);
    expect(Number(attribute(cookie, 'Max-Age'))).toBe(TTL_MS / 1000);
    expect(new Date(attribute(cookie, 'Expires')!).getTime()).toBe(Math.floor(expiresAt.getTime() / 1000) * 1000);
    expect(attribute(cookie, 'HttpOnly') ?? cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);

    // Within the minute nothing is renewed, so nothing is sent.
    expect(accessCookie(await cookieCall(token))).toBeUndefined();
    // A bearer client has no cookie to renew.
    t.clock.advance(2 * 60_000);
    const bearer = await t.app.request('http://localhost/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ mfa { required } }' }),
    });
    expect(bearer.status).toBe(200);
    expect(accessCookie(bearer)).toBeUndefined();
  });

  it('the identity chain cookie stays a browser-session cookie (a restart ends an impersonation)', async () => {
    const res = await tokenRequest(t.app, 'coach', undefined, '10.9.0.3');
    const chain = res.headers.getSetCookie().find((line) => line.startsWith('identity_chain='))!;
    // Sign-in clears it (Max-Age=0); it is never given a lifetime of its own.
    expect(attribute(chain, 'Max-Age')).toBe('0');
  });
});
