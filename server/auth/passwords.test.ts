import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASHING, passwordHashing, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stored passwords get argon2id at 64 MiB, 3 passes, 4 lanes', async () => {
    const hash = await argon2.hash('Een-Wachtwoord-1!', passwordHashing({}));
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, 'Een-Wachtwoord-1!')).toBe(true);
    expect(await verifyPassword(hash, 'een-wachtwoord-1!')).toBe(false);
  });

  it('the cheap test hashing needs both the setting and vitest: a running server cannot be made to use it', () => {
    expect(passwordHashing({ WERKPAD_TEST_CHEAP_HASHES: '1' })).toBe(PASSWORD_HASHING);
    expect(passwordHashing({ VITEST: 'true' })).toBe(PASSWORD_HASHING);
    expect(passwordHashing({ WERKPAD_TEST_CHEAP_HASHES: '1', VITEST: 'true' })).not.toBe(PASSWORD_HASHING);
  });

  it('a cheap hash verifies with its own cost, and no hash at all is a refusal', async () => {
    const cheap = await argon2.hash('Een-Wachtwoord-1!', passwordHashing({ WERKPAD_TEST_CHEAP_HASHES: '1', VITEST: 'true' }));
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'Een-Wachtwoord-1!')).toBe(true);
    expect(await verifyPassword(null, 'Een-Wachtwoord-1!')).toBe(false);
  });
});
