import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown user, no password set) it still
 * spends the same time on a dummy hash, so the answer time does not tell which usernames exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy-password-for-timing-Aa1!');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
