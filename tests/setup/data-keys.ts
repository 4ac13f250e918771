import { vi } from 'vitest';
import type * as DataKeys from '../../src/lib/device-crypto/data-keys';

/**
 * The unit project's data keys (issue 36): every database the app keeps for an identity is sealed with that
 * identity's data key (src/lib/device-crypto/seal.ts), which the key lifecycle sets at unlock. The unit tests
 * of the worker, the replica and the screens' queries test what they tested before, on sealed databases: an
 * identity that no test set a key for, or forgot one of, has a fixed test key. A test of the locked state
 * forgets the identity's key first (forgetDataKey), and from then on it is locked until a key is set.
 */
vi.mock('../../src/lib/device-crypto/data-keys', async (importOriginal) => {
  const real = await importOriginal<typeof DataKeys>();
  const TEST_KEY = new Uint8Array(32).fill(7);
  const touched = new Set<string>();
  return {
    ...real,
    setDataKey(identity: string, raw: Uint8Array) {
      touched.add(identity);
      real.setDataKey(identity, raw);
    },
    forgetDataKey(identity: string) {
      touched.add(identity);
      real.forgetDataKey(identity);
    },
    dataKeyFor(identity: string) {
      return real.dataKeyFor(identity) ?? (touched.has(identity) ? null : TEST_KEY);
    },
  };
});
