import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { PICTURE_FILE_KIND } from '../../src/domain/portal/pictures';

/**
 * Issue 20, "participants see other participants' photos": profile and home-page pictures were stored
 * without a participant link, so they counted as company reference material in pullFiles and downloads.
 */
let t: DemoApp;
let pictureUuid = '';
beforeAll(async () => {
  t = await createDemoApp();
  // A picture as the old code stored it: no participant link. The migration links it.
  pictureUuid = uuidv7();
  await t.db.query(`INSERT INTO files (uuid, company_id, kind, name, mime, size, storage_key, user_id, participant_id)
    SELECT $1::uuid, company_id, $2, 'profile.png', 'image/png', 10, $1, id, NULL FROM users WHERE username = 'participant'`, [pictureUuid, PICTURE_FILE_KIND.profile]);
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/010_security_picture_owner.sql');
  await t.db.exec(await readFile(file, 'utf8'));
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

const pulledFiles = async (user: string): Promise<string[]> => {
  const res = await t.gql<{ pullFiles: { documents: { uuid: string }[] } }>(user, '{ pullFiles(checkpoint: { seq: 0, scopeKey: null }, limit: 5000) { documents } }');
  expect(res.errors).toBeUndefined();
  return (res.data?.pullFiles.documents ?? []).map((d) => d.uuid);
};

describe('pictures belong to their owner', () => {
  it('the migration links existing pictures to their participant', async () => {
    const { rows } = await t.db.query<{ participant_id: number | null }>('SELECT participant_id FROM files WHERE uuid = $1::uuid', [pictureUuid]);
    const { rows: p } = await t.db.query<{ id: number }>("SELECT p.id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = 'participant'");
    expect(Number(rows[0]?.participant_id)).toBe(Number(p[0]?.id));
  });

  it('the owner and staff with the participant in scope list it; another participant and another company do not', async () => {
    expect(await pulledFiles('participant')).toContain(pictureUuid);
    expect(await pulledFiles('manager')).toContain(pictureUuid);
    expect(await pulledFiles('aanmelder')).not.toContain(pictureUuid);
    expect(await pulledFiles('participant2')).not.toContain(pictureUuid);
    expect(await pulledFiles('coach2')).not.toContain(pictureUuid);
  });

  it('another participant cannot fetch it', async () => {
    expect((await t.rest('aanmelder', `/api/portal/pictures/${pictureUuid}`)).status).toBe(404);
    expect((await t.rest('participant2', `/api/portal/pictures/${pictureUuid}`)).status).toBe(404);
  });
});
