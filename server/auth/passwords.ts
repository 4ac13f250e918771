import argon2 from 'argon2';

/** What every stored password gets: argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes). */
export const PASSWORD_HASHING = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

/**
 * The server tests' hashing: argon2id at 1 MiB and one pass. They test who may sign in and when, not argon2's
 * cost, and at the real cost their thousands of sign-ins (throttling, OAuth, tenancy) spent minutes hashing.
 */
const TEST_HASHING = { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

/**
 * The hashing for new hashes. `WERKPAD_TEST_CHEAP_HASHES=1` (set by vitest.config.ts for the server tests) is
 * honoured only inside vitest (`VITEST` set), so no setting of a running server can weaken stored passwords.
 * Verifying reads the cost from the stored hash, so a cheap hash never verifies a production one or back.
 */
export function passwordHashing(env: NodeJS.ProcessEnv = process.env): typeof PASSWORD_HASHING | typeof TEST_HASHING {
  return env.WERKPAD_TEST_CHEAP_HASHES === '1' && env.VITEST ? TEST_HASHING : PASSWORD_HASHING;
}

/** A new argon2id hash of `password` (see `passwordHashing`). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashing());
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
