import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { createAuthTestApp, rest, signIn, tokenRequest, TEST_PASSWORD, TEST_SECRET_KEY, type AuthTestApp } from '../test/auth';
import { hashPassword } from './passwords';
import { secretBoxOf } from './secret-box';
import { authSettings } from './settings';
import { reencryptMfaSecrets } from './mfa';
import { delayMs } from './throttle';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(async () => {
  await t.db.close();
});

const codeAt = (secret: string, date: Date) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: date.getTime() });
const wrongCodeAt = (secret: string, date: Date, n: number) => {
  const right = new Set([-1, 0, 1].map((d) => codeAt(secret, new Date(date.getTime() + d * 30_000))));
  for (let c = 100000 + n * 7919; ; c = (c + 1) % 1_000_000) if (!right.has(String(c).padStart(6, '0'))) return String(c).padStart(6, '0');
};

describe('delays', () => {
  it('grow from 15 s, double per failure, and stop at the cap', () => {
    expect([4, 5, 6, 7, 30].map((f) => delayMs(f, 5, 15 * 60_000))).toEqual([0, 15_000, 30_000, 60_000, 900_000]);
  });
});

describe('an office behind one address (a municipality NAT) signing in at nine', () => {
  it('200 right sign-ins within 10 seconds from one address all succeed, also 50 at once per account, with typos among them', async () => {
    const hash = await hashPassword(TEST_PASSWORD);
    const names = Array.from({ length: 150 }, (_, i) => `medewerker${i}`);
    for (const name of names) {
      await t.db.query(
        "INSERT INTO users (company_id, acl_role_id, username, email, password_hash) VALUES ($1, 4, $2, $3, $4)",
        [t.fx.companyA, name, `${name}@example.nl`, hash],
      );
    }
    const office = '192.0.2.10';
    // 150 colleagues once, and 50 more sign-ins of four accounts (several tabs, devices) at the same time
    const accounts = [...names, ...Array.from({ length: 50 }, (_, i) => ['admin', 'manager', 'coach', 'participant'][i % 4]!)];
    const typos = Array.from({ length: 8 }, (_, i) => tokenRequest(t.app, names[i]!, 'Tik-Fout-Wachtwoord-1!', office));
    const started = t.clock.now.getTime();
    const answers = await Promise.all([...accounts.map((name) => tokenRequest(t.app, name, TEST_PASSWORD, office)), ...typos]);
    const statuses = answers.slice(0, accounts.length).map((r) => r.status);
    console.log(`office sign-ins: ${statuses.filter((s) => s === 200).length} of ${accounts.length} right ones succeeded`);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(t.clock.now.getTime() - started).toBeLessThan(10_000);
    // right passwords are never counted: only the typos left a trace
    const { rows } = await t.db.query<{ failures: number }>("SELECT failures FROM auth_failures WHERE scope = 'address' AND key = $1", [office]);
    expect(rows[0]?.failures).toBe(8);
    // and they can go on signing in
    expect((await tokenRequest(t.app, 'coach', TEST_PASSWORD, office)).status).toBe(200);
  }, 240_000);
});

describe('10,000 wrong passwords against one account from many addresses', () => {
  it('get nowhere; the right password from a stranger is refused too; the owner at a known address still gets in', async () => {
    const victim = 'manager';
    const home = '198.51.100.7';
    expect((await tokenRequest(t.app, victim, TEST_PASSWORD, home)).status).toBe(200);
    let checked = 0;
    let delayed = 0;
    let signedIn = 0;
    const total = 10_000;
    const batch = 50;
    for (let start = 0; start < total; start += batch) {
      const wave = await Promise.all(
        Array.from({ length: batch }, (_, j) => {
          const n = start + j;
          // the attacker even hits the right password once, halfway
          const password = n === 5_000 ? TEST_PASSWORD : `Raden-${n}-Wachtwoord!`;
          return tokenRequest(t.app, victim, password, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
        }),
      );
      for (const r of wave) {
        if (r.status === 200) signedIn += 1;
        else if (r.status === 429) delayed += 1;
        else checked += 1;
      }
      t.clock.advance(batch); // 1 ms per attempt: 10,000 attempts in 10 s
    }
    console.log(`10,000 guesses: ${signedIn} signed in, ${checked} answered "wrong password", ${delayed} told to wait`);
    expect(signedIn).toBe(0);
    // only the first wave gets its passwords checked (10 free failures of the account, plus those running alongside)
    expect(checked).toBeLessThanOrEqual(batch + 10);
    expect(delayed).toBeGreaterThanOrEqual(total - batch - 10);
    expect((await tokenRequest(t.app, victim, TEST_PASSWORD, '203.0.113.50')).status).toBe(429);
    // the attack does not keep the owner out of their own office
    expect((await tokenRequest(t.app, victim, TEST_PASSWORD, home)).status).toBe(200);
  }, 240_000);

  it('five wrong passwords by someone who knows a username do not lock the owner out', async () => {
    for (let i = 0; i < 5; i++) await tokenRequest(t.app, 'admin2', `Kwaadwillig-${i}-Wachtwoord!`, '203.0.113.99');
    expect((await tokenRequest(t.app, 'admin2', TEST_PASSWORD, '203.0.113.1')).status).toBe(200);
  });
});

describe('two-step codes', () => {
  async function enrolledCoach2(): Promise<string> {
    await t.db.query('UPDATE users SET mfa_active = true WHERE id = $1', [t.fx.users.coach2]);
    const token = await signIn(t.app, 'coach2', TEST_PASSWORD, '10.66.0.1');
    const res = await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } });
    const { secret } = (await res.json()) as { secret: string };
    const ok = await rest(t.app, '/api/oauth/mfa/setup', { token, json: { code: codeAt(secret, t.clock.now) } });
    expect(ok.status).toBe(200);
    t.clock.advance(30_000);
    return secret;
  }

  it('enrolment is a POST that needs the password again; GET stores nothing', async () => {
    await t.db.query('UPDATE users SET mfa_active = true WHERE id = $1', [t.fx.users.admin]);
    const token = await signIn(t.app, 'admin', TEST_PASSWORD, '10.65.0.1');
    // GET oauth/mfa/setup (01 §7) answers the session's two-step state, never a secret, and stores nothing.
    const state = await rest(t.app, '/api/oauth/mfa/setup', { token });
    expect(state.status).toBe(200);
    expect(JSON.stringify(await state.json())).not.toMatch(/secret|otpauth/i);
    expect((await rest(t.app, '/api/oauth/mfa/secret', { token })).status).toBe(404);
    expect((await rest(t.app, '/api/oauth/mfa/secret', { token, json: {} })).status).toBe(400);
    const wrong = await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: 'Niet-Het-Wachtwoord-1!' } });
    expect(wrong.status).toBe(400);
    const { rows } = await t.db.query<{ mfa_secret: string | null }>('SELECT mfa_secret FROM users WHERE id = $1', [t.fx.users.admin]);
    expect(rows[0]?.mfa_secret).toBeNull();
    expect((await rest(t.app, '/api/oauth/mfa/secret', { token, json: { password: TEST_PASSWORD } })).status).toBe(200);
    await t.db.query('UPDATE users SET mfa_active = false, mfa_secret = NULL WHERE id = $1', [t.fx.users.admin]);
  });

  it('secrets are AES-GCM encrypted at rest; a rotated key still opens them and they are re-encrypted', async () => {
    const secret = await enrolledCoach2();
    const { rows } = await t.db.query<{ mfa_secret: string }>('SELECT mfa_secret FROM users WHERE id = $1', [t.fx.users.coach2]);
    const stored = rows[0]!.mfa_secret;
    expect(stored).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored).not.toContain(secret);
    expect(secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]).decrypt(stored)).toBe(secret);
    // rotation: a new key, the old one as previous
    const newKey = Buffer.alloc(32, 9).toString('base64');
    t.config.secretKey = newKey;
    t.config.previousSecretKeys = [TEST_SECRET_KEY];
    const rotated = { ...t.config };
    expect(await reencryptMfaSecrets(t.db, authSettings(rotated))).toBe(1);
    const after = (await t.db.query<{ mfa_secret: string }>('SELECT mfa_secret FROM users WHERE id = $1', [t.fx.users.coach2])).rows[0]!.mfa_secret;
    expect(after).not.toBe(stored);
    expect(secretBoxOf([Buffer.from(newKey, 'base64')]).decrypt(after)).toBe(secret);
    expect(secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]).decrypt(after)).toBeNull();
    // put the test key back for the other tests (this app's box was built with it)
    await t.db.query('UPDATE users SET mfa_secret = $2 WHERE id = $1', [t.fx.users.coach2, stored]);
    t.config.secretKey = TEST_SECRET_KEY;
    t.config.previousSecretKeys = [];
  });

  it('a right password does not reset the code counter: 10 wrong codes in 15 minutes lock two-step for the account', async () => {
    const { rows } = await t.db.query<{ mfa_secret: string }>('SELECT mfa_secret FROM users WHERE id = $1', [t.fx.users.coach2]);
    const secret = secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]).decrypt(rows[0]!.mfa_secret)!;
    const answers: string[] = [];
    // an attacker with the password signs in again after every two guesses: no fresh allowance
    for (let i = 0; i < 10; i++) {
      const token = await signIn(t.app, 'coach2', TEST_PASSWORD, `10.67.0.${i}`);
      const res = await rest(t.app, '/api/oauth/mfa/verify', { token, json: { code: wrongCodeAt(secret, t.clock.now, i) } });
      answers.push(((await res.json()) as { error: string }).error);
      t.clock.advance(60_000);
    }
    expect(answers.slice(0, 9).every((a) => a === 'mfa_code_invalid')).toBe(true);
    expect(answers[9]).toBe('mfa_too_many_attempts');
    // the right code is refused now, from a fresh sign-in too
    const token = await signIn(t.app, 'coach2', TEST_PASSWORD, '10.67.1.1');
    const right = await rest(t.app, '/api/oauth/mfa/verify', { token, json: { code: codeAt(secret, t.clock.now) } });
    expect(right.status).toBe(401);
    expect(await right.json()).toMatchObject({ error: 'mfa_too_many_attempts' });
    // the lock passes after lockMinutes; the right code works and clears the counter
    t.clock.advance(16 * 60_000);
    const later = await signIn(t.app, 'coach2', TEST_PASSWORD, '10.67.1.2');
    expect((await rest(t.app, '/api/oauth/mfa/verify', { token: later, json: { code: codeAt(secret, t.clock.now) } })).status).toBe(200);
  });
});
