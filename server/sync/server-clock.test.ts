/**
 * The server's clock decides (issue 19, point 6): a client mutation id is never judged by the time
 * inside its UUID v7 (the client's clock made it), and housekeeping never lets a replay apply twice.
 * Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { runSyncHousekeeping } from './housekeeping';
import type { PushAnswer } from '../../src/domain/sync/types';
import { createUuidV7, uuidv7 } from '../../src/domain/sync/uuid-v7';

let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
});
afterAll(async () => {
  await f.db.close();
});

const DAY = 24 * 60 * 60 * 1000;
/** An id made by a device whose clock is `days` off (negative: slow). */
const skewedId = (days: number) => createUuidV7()(Date.now() + days * DAY);

const SAVE_DOC = `mutation($input: SaveSyncProbeInput!) { saveSyncProbe(input: $input) { success reason params revision conflict } }`;
const BUMP_DOC = `mutation($input: BumpSyncProbeInput!) { bumpSyncProbe(input: $input) { success reason params revision conflict } }`;
const save = (cmid: string, uuid: string, body: string) =>
  f.graph<{ saveSyncProbe: PushAnswer }>(f.users[0]!.token, SAVE_DOC, { input: { clientMutationId: cmid, uuid, body } });
const bump = (cmid: string, uuid: string, delta: number) =>
  f.graph<{ bumpSyncProbe: PushAnswer }>(f.users[0]!.token, BUMP_DOC, { input: { clientMutationId: cmid, uuid, delta } });

async function counter(uuid: string): Promise<{ body: string; counter: number } | undefined> {
  const { rows } = await f.db.query<{ body: string; counter: number }>('SELECT body, counter FROM sync_probes WHERE uuid = $1', [uuid]);
  return rows[0] ? { body: rows[0].body, counter: Number(rows[0].counter) } : undefined;
}

describe('the server clock decides', () => {
  it('a device whose clock is 40 days slow writes fine (a row never sent is sent whatever its age)', async () => {
    const uuid = uuidv7();
    const res = await save(skewedId(-40), uuid, 'trage klok');
    expect(res.errors).toBeUndefined();
    expect(res.data?.saveSyncProbe).toMatchObject({ success: true, revision: 1 });
    const bumped = await bump(skewedId(-39), uuid, 2);
    expect(bumped.data?.bumpSyncProbe.success).toBe(true);
    expect(await counter(uuid)).toEqual({ body: 'trage klok', counter: 2 });
  });

  it('a device whose clock is 40 days fast writes fine, and its replay after housekeeping (weeks later by the server) applies nothing twice', async () => {
    const uuid = uuidv7();
    expect((await save(skewedId(40), uuid, 'snelle klok')).data?.saveSyncProbe.success).toBe(true);
    const id = skewedId(41);
    const first = await bump(id, uuid, 5);
    expect(first.data?.bumpSyncProbe).toMatchObject({ success: true });
    // Housekeeping as the server's clock runs it 31 days and 400 days on.
    await runSyncHousekeeping(f.db, new Date(Date.now() + 31 * DAY));
    await runSyncHousekeeping(f.db, new Date(Date.now() + 400 * DAY));
    // The answer was lost: the device sends the same id again.
    const replay = await bump(id, uuid, 5);
    expect(replay.data?.bumpSyncProbe).toEqual(first.data?.bumpSyncProbe);
    expect(await counter(uuid)).toEqual({ body: 'snelle klok', counter: 5 });
  });

  it('a replay long after the first delivery (by the server clock) answers the first answer', async () => {
    const uuid = uuidv7();
    const id = uuidv7();
    expect((await save(id, uuid, 'eerste')).data?.saveSyncProbe.success).toBe(true);
    // The server first saw it 60 days ago.
    await f.db.query(`UPDATE processed_mutations SET created_at = now() - interval '60 days' WHERE client_mutation_id = $1`, [id]);
    await runSyncHousekeeping(f.db, new Date());
    const replay = await save(id, uuid, 'eerste');
    expect(replay.data?.saveSyncProbe).toMatchObject({ success: true, revision: 1 });
    const { rows } = await f.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE details->>'clientMutationId' = $1`, [id]);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
