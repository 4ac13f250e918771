import { describe, expect, it } from 'vitest';
import { checkPassword, createVerifier, VERIFIER_ITERATIONS, VERIFIER_SALT_BYTES } from './verifier';

const PASSWORD = 'Demo-Wachtwoord-2026!';
const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

describe('the offline password verifier (PBKDF2-SHA-256, WebCrypto)', () => {
  it('checks the right password and refuses a wrong one', async () => {
    const verifier = await createVerifier(PASSWORD);
    expect(await checkPassword(verifier, PASSWORD)).toBe(true);
    expect(await checkPassword(verifier, 'Demo-Wachtwoord-2026?')).toBe(false);
    // Cheaper verifiers for the other wrong passwords (the count is the verifier's own, see below).
    const quick = await createVerifier(PASSWORD, { iterations: 1_000 });
    expect(await checkPassword(quick, '')).toBe(false);
    expect(await checkPassword(quick, PASSWORD.toLowerCase())).toBe(false);
    expect(await checkPassword(quick, `${PASSWORD} `)).toBe(false);
  }, 60_000);

  it("stores OWASP's iteration count, a random 16-byte salt and a 32-byte hash; never the password", async () => {
    const a = await createVerifier(PASSWORD);
    const b = await createVerifier(PASSWORD);
    expect(VERIFIER_ITERATIONS).toBe(600_000);
    expect(a.algorithm).toBe('PBKDF2-SHA-256');
    expect(a.iterations).toBe(600_000);
    expect(bytes(a.salt)).toHaveLength(VERIFIER_SALT_BYTES);
    expect(bytes(a.hash)).toHaveLength(32);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.stringify(a)).not.toContain(PASSWORD);
  }, 60_000);

  it('checks with the iteration count stored in the verifier (a later raise still reads older ones)', async () => {
    const older = await createVerifier(PASSWORD, { iterations: 1_000 });
    expect(older.iterations).toBe(1_000);
    expect(await checkPassword(older, PASSWORD)).toBe(true);
    expect(await checkPassword({ ...older, iterations: 1_001 }, PASSWORD)).toBe(false);
  });

  it('refuses a verifier that was tampered with', async () => {
    const verifier = await createVerifier(PASSWORD, { iterations: 1_000 });
    const hash = bytes(verifier.hash);
    hash[0] = (hash[0] ?? 0) ^ 1;
    expect(await checkPassword({ ...verifier, hash: btoa(String.fromCharCode(...hash)) }, PASSWORD)).toBe(false);
    expect(await checkPassword({ ...verifier, iterations: 0 }, PASSWORD)).toBe(false);
  });

  it("uses a derivation started earlier (the boot unlock form's), and derives itself when that failed", async () => {
    const verifier = await createVerifier(PASSWORD, { iterations: 1_000 });
    expect(await checkPassword(verifier, PASSWORD, Promise.resolve(bytes(verifier.hash)))).toBe(true);
    expect(await checkPassword(verifier, PASSWORD, Promise.resolve(new Uint8Array(32)))).toBe(false);
    expect(await checkPassword(verifier, PASSWORD, Promise.reject(new Error('no WebCrypto')))).toBe(true);
  });
});
