import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SyncClient from '../../lib/sync-client';
import { withoutKeptImpersonations } from './sync-session';

const unsent = vi.hoisted(() => new Map<string, number>());

vi.mock('../../lib/sync-client', async (importOriginal) => {
  const actual = await importOriginal<typeof SyncClient>();
  return {
    ...actual,
    syncApi: () => ({
      sync: {
        unsentIn: (name: string) => (name === 'kapot' ? Promise.reject(new Error('IndexedDB')) : Promise.resolve(unsent.get(name) ?? 0)),
      },
    }),
  };
});
vi.mock('../../lib/replica/replica-db', () => ({ closeReplicaReader: vi.fn() }));
vi.mock('../../lib/error-reporting', () => ({ reportError: vi.fn() }));

beforeEach(() => unsent.clear());

describe('a sign-out deletes the replicas of its session', () => {
  it('but keeps an impersonation replica whose unsent changes were kept when it was left (and one it cannot count)', async () => {
    unsent.set('werkpad-1-3', 4);
    unsent.set('werkpad-1-7-via-3.7', 2);
    const names = await withoutKeptImpersonations(['werkpad-1-3', 'werkpad-1-7-via-3.7', 'werkpad-1-9-via-3.9', 'kapot'], 'werkpad-1-3');
    // The current replica goes (the sign-out question was answered); the empty impersonation goes too.
    expect(names).toEqual(['werkpad-1-3', 'werkpad-1-9-via-3.9']);
  });
});
