/**
 * Issue 37: every pushed row says the write version it was made with. The server takes the current
 * version and the previous one (migrated with the write's hook), and refuses any other with
 * upgrade_required before anything is written, so the row can go again under the same id once the
 * app is updated. Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { pushDocument, type PushItem } from '../../src/domain/writes/push-document';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { acceptsWriteVersion, UPGRADE_REQUIRED } from '../../src/domain/sync/write-checks';
import type { PushAnswer } from '../../src/domain/sync/types';

let f: SyncFixture;
let token: string;

beforeAll(async () => {
  f = await createSyncFixture();
  token = f.users[0]!.token;
});
afterAll(async () => {
  await f.db.close();
});

async function push(items: readonly PushItem[]) {
  const doc = pushDocument(items);
  const res = await f.app.request('/api/v2/graph', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: doc.query, variables: doc.variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, PushAnswer | null>; errors?: unknown[] } };
}

const save = (body: string, writeVersion?: number) => {
  const uuid = uuidv7();
  return { mutation: 'saveSyncProbe', input: { uuid, body }, clientMutationId: uuidv7(), uuid, ...(writeVersion !== undefined ? { writeVersion } : {}) };
};

const stored = async (uuid: string) => Number((await f.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sync_probes WHERE uuid = $1', [uuid])).rows[0]?.n);

describe('write versions of pushed rows', () => {
  it('takes a row of the current version, and one that says none (sent before versions were sent)', async () => {
    const current = save('huidige versie', 1);
    const unversioned = save('zonder versie');
    const { status, body } = await push([current, unversioned]);
    expect(status).toBe(200);
    expect(body.data?.r0).toMatchObject({ success: true });
    expect(body.data?.r1).toMatchObject({ success: true });
    expect(await stored(current.uuid)).toBe(1);
  });

  it('refuses a newer or a too old version with upgrade_required, nothing written, while the row beside it goes', async () => {
    const newer = save('van een nieuwere app', 2);
    const older = save('van een te oude app', 0);
    const fine = save('gaat door', 1);
    const { status, body } = await push([newer, older, fine]);
    expect(status).toBe(200);
    expect(body.data?.r0).toMatchObject({ success: false, reason: UPGRADE_REQUIRED, params: { version: 1 } });
    expect(body.data?.r1).toMatchObject({ success: false, reason: UPGRADE_REQUIRED });
    expect(body.data?.r2).toMatchObject({ success: true });
    expect(await stored(newer.uuid)).toBe(0);
    expect(await stored(older.uuid)).toBe(0);
    // The same row, sent again by the updated app under the same id, is taken.
    const again = await push([{ ...newer, writeVersion: 1 }]);
    expect(again.body.data?.r0).toMatchObject({ success: true });
    expect(await stored(newer.uuid)).toBe(1);
  });

  it('accepts the current and the previous version only', () => {
    expect([1, 2, 3, 4].map((sent) => acceptsWriteVersion(3, sent))).toEqual([false, true, true, false]);
    expect(acceptsWriteVersion(1, 0)).toBe(false);
    expect(acceptsWriteVersion(2, 1.5)).toBe(false);
  });
});
