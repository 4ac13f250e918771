// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replicaName } from '../domain/sync/replica-schema';
import { closeReplicaReader, replicaReader } from '../lib/replica/replica-db';
import { readerSession } from '../lib/replica/reader-session';
import { warmOfflineStart } from './warm-start';

const spies = vi.hoisted(() => ({ loadTexts: vi.fn(() => Promise.resolve()), syncApi: vi.fn() }));
vi.mock('../i18n/i18n', () => ({ loadTexts: spies.loadTexts }));
vi.mock('../lib/sync-client', () => ({ syncApi: spies.syncApi }));
vi.mock('../features/sync/sync-session', () => ({}));

function fakeRouter(routes: string[]) {
  const loadRouteChunk = vi.fn(() => Promise.resolve());
  const router = { getMatchedRoutes: () => [routes.map((id) => ({ id })), {}, undefined], loadRouteChunk } as unknown as AnyRouter;
  return { router, loadRouteChunk };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('warmOfflineStart (issue 25: while the unlock form waits for the password)', () => {
  afterEach(() => {
    closeReplicaReader();
    readerSession.early = null;
    vi.clearAllMocks();
  });

  it("loads the target route's code, the texts and the sync worker, and opens the user's existing replica without reading it", async () => {
    const who = { companyId: 1, userId: 31 };
    // The replica a sync wrote before the restart.
    await replicaReader(who).dexie.open();
    closeReplicaReader();
    const { router, loadRouteChunk } = fakeRouter(['__root__', '/_app', '/_app/_staff', '/_app/_staff/participants']);
    warmOfflineStart(router, '/participants?x=1', who);
    await settle();
    expect(loadRouteChunk).toHaveBeenCalledTimes(4);
    expect(spies.loadTexts).toHaveBeenCalled();
    expect(spies.syncApi).toHaveBeenCalled();
    expect(replicaReader(who).dexie.isOpen()).toBe(true);
    // Opening is not a session: the screens still read nothing.
    expect(readerSession.early).toBeNull();
  });

  it('creates no replica for a user whose replica is not on this device', async () => {
    const who = { companyId: 1, userId: 32 };
    warmOfflineStart(fakeRouter([]).router, '/', who);
    await settle();
    expect(await Dexie.exists(replicaName(who))).toBe(false);
  });
});
