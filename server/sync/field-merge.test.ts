import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { PushAnswer } from '../../src/domain/sync/types';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { sameValue } from '../../src/domain/sync/same-value';

/**
 * Per-field merge (issue 8), found by the fault-injection test: an edit write carries every field
 * of its input (probes.save always carries the body), also the ones the user left as they were.
 * A field the client did not change (its value equals the base) is not "changed on both sides":
 * a concurrent server change of it merges silently and stays.
 */
let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
});
afterAll(async () => {
  await f.db.close();
});

const SAVE_DOC = `mutation($input: SaveSyncProbeInput!) { saveSyncProbe(input: $input) { success reason params revision conflict } }`;
function save(token: string, input: Record<string, unknown>) {
  return f.graph<{ saveSyncProbe: PushAnswer }>(token, SAVE_DOC, { input: { clientMutationId: uuidv7(), ...input } });
}

describe('per-field merge of a field the client left unchanged', () => {
  it('keeps the server value of a field this client did not change, without a conflict', async () => {
    const a = f.users[0]!;
    const uuid = uuidv7();
    expect((await save(a.token, { uuid, body: 'basis', title: 'titel' })).data?.saveSyncProbe.success).toBe(true);
    // Another device changes the body (revision 2).
    const other = await save(a.token, { uuid, body: 'hun tekst', baseRevision: 1, baseValues: { body: 'basis' } });
    expect(other.data?.saveSyncProbe.success).toBe(true);
    // This device edited only the title on revision 1; its save carries the body as it saw it.
    const mine = await save(a.token, { uuid, body: 'basis', title: 'mijn titel', baseRevision: 1, baseValues: { body: 'basis', title: 'titel' } });
    expect(mine.data?.saveSyncProbe).toMatchObject({ success: true, revision: 3 });
    const { rows } = await f.db.query<{ body: string; title: string }>('SELECT body, title FROM sync_probes WHERE uuid = $1', [uuid]);
    expect(rows[0]).toEqual({ body: 'hun tekst', title: 'mijn titel' });
  });
});

describe('sameValue', () => {
  it('compares jsonb values whatever order their keys come in, numbers and timestamps by value', () => {
    expect(sameValue({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue('12.50', 12.5)).toBe(true);
    expect(sameValue('2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00Z')).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue('', null)).toBe(false);
  });
});
