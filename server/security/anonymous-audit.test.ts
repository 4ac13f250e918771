import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, graph, tokenRequest, type AuthTestApp } from '../test/auth';
import { ANONYMOUS_AUDIT_ROWS, ANONYMOUS_AUDIT_WINDOW_MS } from '../auth/anonymous-audit';

/**
 * Issue 38, finding 5: a caller without a session could write audit rows at will (`grant_type=sso` with a public
 * adapter uuid and a junk state wrote `login.sso.refused` each time). Every such path is budgeted per address:
 * past the budget the call answers 429 with Retry-After and writes no further row (one summary row per window).
 */

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
let adapterUuid = '';

beforeAll(async () => {
  // Three free failures per address for the sign-in, reset and registration throttles, so their waits start early.
  t = await createAuthTestApp({}, { maxLoginFailures: 3, maxLoginFailuresPerAddress: 3, maxAccountFailures: 6 });
  const { rows } = await t.db.query<{ uuid: string }>(
    `INSERT INTO company_authentication_adapters (company_id, adapter_id, label, settings) VALUES ($1, 'oidc', 'Publiek', $2::jsonb) RETURNING uuid`,
    [t.fx.companyA, JSON.stringify({ issuer: 'https://idp.example.org', clientId: 'werkpad', clientSecret: 'geheim' })],
  );
  adapterUuid = rows[0]!.uuid;
});
afterAll(async () => {
  await t.db.close();
});

const junkGrant = async (ip: string, n: number): Promise<Response> =>
  t.app.request('/api/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ grant_type: 'sso', uuid: adapterUuid, payload: `state=junk-${n}&code=x` }).toString(),
  });

const rowsOf = async (action: string, ip: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ip = $2', [action, ip])).rows[0]!.n;

describe('junk SSO grants from one address', () => {
  it(`100 calls write at most ${ANONYMOUS_AUDIT_ROWS} refusal rows and one summary; past the budget 429 with Retry-After`, async () => {
    const ip = '10.38.5.1';
    const answers: { status: number; error: string; retryAfter: string | null }[] = [];
    for (let n = 0; n < 100; n++) {
      const res = await junkGrant(ip, n);
      answers.push({ status: res.status, error: ((await res.json()) as { error: string }).error, retryAfter: res.headers.get('retry-after') });
    }
    expect(answers.slice(0, ANONYMOUS_AUDIT_ROWS - 1).every((a) => a.status === 400 && a.error === 'sso_flow_invalid')).toBe(true);
    const throttled = answers.slice(ANONYMOUS_AUDIT_ROWS - 1);
    expect(throttled).toHaveLength(100 - ANONYMOUS_AUDIT_ROWS + 1);
    for (const a of throttled) {
      expect(a).toMatchObject({ status: 429, error: 'sso_throttled' });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(await rowsOf('login.sso.refused', ip)).toBe(ANONYMOUS_AUDIT_ROWS);
    expect(await rowsOf('audit.throttled', ip)).toBe(1);

    // another address has its own budget
    const other = await junkGrant('10.38.5.2', 0);
    expect(other.status).toBe(400);
    expect(await rowsOf('login.sso.refused', '10.38.5.2')).toBe(1);

    // after the window the address is audited again
    t.clock.advance(ANONYMOUS_AUDIT_WINDOW_MS + 1000);
    expect((await junkGrant(ip, 100)).status).toBe(400);
    expect(await rowsOf('login.sso.refused', ip)).toBe(ANONYMOUS_AUDIT_ROWS + 1);
  });

  it('100 calls at once cannot pass the budget either', async () => {
    const ip = '10.38.5.3';
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, n) => junkGrant(ip, n).then((r) => r.status)));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100 - ANONYMOUS_AUDIT_ROWS);
    expect(await rowsOf('login.sso.refused', ip)).toBe(ANONYMOUS_AUDIT_ROWS);
    expect(await rowsOf('audit.throttled', ip)).toBe(1);
  });
});

describe('the other anonymous paths that write audit rows', () => {
  it('sign-in attempts during a wait (login.delayed) stop being written past the budget; the answer stays 429', async () => {
    const ip = '10.38.5.10';
    const statuses: number[] = [];
    for (let n = 0; n < 100; n++) statuses.push((await tokenRequest(t.app, `niemand${n % 7}`, 'fout-wachtwoord', ip)).status);
    expect(statuses.slice(-50).every((s) => s === 429)).toBe(true);
    expect(await rowsOf('login.delayed', ip)).toBe(ANONYMOUS_AUDIT_ROWS);
    expect(await rowsOf('audit.throttled', ip)).toBe(1);
  });

  it('password-reset requests past the address\'s free ones answer 429 with Retry-After, audited within the budget', async () => {
    const ip = '10.38.5.11';
    const answers: { status: number; retryAfter: string | null }[] = [];
    for (let n = 0; n < 100; n++) {
      const res = await t.app.request('/api/passwordreset', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ username: `niemand${n}` }).toString(),
      });
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
    }
    expect(answers.slice(0, 3).every((a) => a.status === 200)).toBe(true);
    for (const a of answers.slice(3)) {
      expect(a.status).toBe(429);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(await rowsOf('password.reset_request', ip)).toBe(3 + ANONYMOUS_AUDIT_ROWS);
    expect(await rowsOf('audit.throttled', ip)).toBe(1);
  });

  it('registration requests past the address\'s free ones are refused, audited within the budget', async () => {
    const ip = '10.38.5.12';
    const reasons: (string | null | undefined)[] = [];
    for (let n = 0; n < 100; n++) {
      const res = await graph<{ register: { success: boolean; reason: string | null } }>(t.app, `mutation { register(code: "GOK-${n}", username: "naam${n}", email: "x${n}@example.nl") { success reason } }`, {
        headers: { 'x-forwarded-for': ip },
      });
      reasons.push(res.data?.register.reason);
    }
    expect(reasons.slice(3).every((r) => r === 'auth.tooManyFailedLogins')).toBe(true);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'registration.%' AND ip = $1", [ip]);
    expect(rows[0]!.n).toBe(3 + ANONYMOUS_AUDIT_ROWS);
    expect(await rowsOf('audit.throttled', ip)).toBe(1);
  });
});
