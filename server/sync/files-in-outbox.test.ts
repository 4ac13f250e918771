import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { pushDocument } from '../../src/domain/writes/push-document';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

/**
 * Files in the outbox (docs/writes.md, "Files"): the worker sends a row that carries a file as the
 * push document of that row alone, multipart, with its client mutation id. A replay (the answer was
 * lost) answers the first answer and stores nothing again, also when both deliveries race.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: DemoApp;
let plan = '';

interface Answer {
  success: boolean;
  reason: string | null;
  revision?: number | null;
}

/** The worker's request: one row of the push document, the bytes as the `file` part. */
async function push(username: string, mutation: string, input: Record<string, unknown>, clientMutationId: string): Promise<Answer | undefined> {
  const doc = pushDocument([{ mutation, input, clientMutationId }]);
  const form = new FormData();
  form.set('query', doc.query);
  form.set('variables', JSON.stringify(doc.variables));
  form.set('file', new File([new Uint8Array(PDF)], String(input.name), { type: 'application/pdf' }));
  const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { authorization: `Bearer ${await t.tokenOf(username)}` }, body: form });
  const body = (await res.json()) as { data?: { r0?: Answer } | null };
  return body.data?.r0;
}

const count = async (q: string, values: unknown[]): Promise<number> => Number((await t.db.query<{ n: number }>(q, values)).rows[0]?.n ?? 0);

beforeAll(async () => {
  t = await createDemoApp();
  const { rows } = await t.db.query<{ uuid: string }>(
    `SELECT w.uuid FROM work_plans w JOIN participants p ON p.id = w.participant_id JOIN users u ON u.id = p.user_id
      WHERE u.username = 'participant' AND w.status = 'running' AND w.deleted_at IS NULL ORDER BY w.id LIMIT 1`,
  );
  plan = String(rows[0]?.uuid);
}, 120_000);

afterAll(async () => {
  await t.db.close();
});

describe('a write with a file, replayed', () => {
  it('a participant document sent twice under one client mutation id is stored once, answered alike, audited once', async () => {
    const uuid = uuidv7();
    const id = uuidv7();
    const first = await push('participant', 'participantAddDocument', { uuid, name: 'cv.pdf' }, id);
    const again = await push('participant', 'participantAddDocument', { uuid, name: 'cv.pdf' }, id);
    expect(first).toMatchObject({ success: true, reason: null });
    expect(again).toEqual(first);
    expect(await count('SELECT count(*)::int AS n FROM files WHERE uuid = $1', [uuid])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM processed_mutations WHERE client_mutation_id = $1', [id])).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'write.participantAddDocument' AND details->>'clientMutationId' = $1`, [id])).toBe(1);
    const download = await t.rest('participant', `/api/portal/documents/${uuid}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('two deliveries of the same plan file at the same moment store one file, whose bytes stay', async () => {
    const uuid = uuidv7();
    const id = uuidv7();
    const answers = await Promise.all([
      push('coach', 'addFile', { uuid, name: 'verslag.pdf', workPlanUuid: plan }, id),
      push('coach', 'addFile', { uuid, name: 'verslag.pdf', workPlanUuid: plan }, id),
    ]);
    expect(answers.map((a) => a?.success)).toEqual([true, true]);
    expect(await count('SELECT count(*)::int AS n FROM files WHERE uuid = $1 AND deleted_at IS NULL', [uuid])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM processed_mutations WHERE client_mutation_id = $1', [id])).toBe(1);
    const link = (await (await t.rest('coach', `/api/files/get-presigned-url/${uuid}`)).json()) as { presigned_request_uri?: string };
    const download = await t.app.request(link.presigned_request_uri ?? '/');
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('without its file the write is refused with the reason, and the refusal is the answer to a replay too', async () => {
    const id = uuidv7();
    const doc = pushDocument([{ mutation: 'addFile', input: { uuid: uuidv7(), name: 'x.pdf', workPlanUuid: plan }, clientMutationId: id }]);
    const res = await t.gql<{ r0: Answer }>('coach', doc.query, doc.variables);
    expect(res.data?.r0).toMatchObject({ success: false, reason: 'workPlanFiles.errors.fileMissing' });
    const replay = await push('coach', 'addFile', { uuid: uuidv7(), name: 'x.pdf', workPlanUuid: plan }, id);
    expect(replay).toMatchObject({ success: false, reason: 'workPlanFiles.errors.fileMissing' });
  });
});
