import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

/**
 * An instrument's documents (issue 23): addInstrumentFile as a multipart graph request, removal through
 * deleteFile/restoreFile, and who sees them (pull, signed link): whoever sees the instrument, while
 * useInstruments is not disabled; who adds and removes them: case managers and administrators.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ADD = 'mutation ($input: AddInstrumentFileInput!) { addInstrumentFile(input: $input) { success reason } }';

let t: DemoApp;
let company1 = 0;
let instrument = ''; // an instrument of company 1
let foreignInstrument = ''; // one of company 2

interface Answer {
  success: boolean;
  reason: string | null;
}

async function add(user: string, instrumentUuid: string, file: { bytes: Buffer; name: string } | null = { bytes: PDF, name: 'werkwijze.pdf' }, uuid: string = randomUUID()) {
  const form = new FormData();
  form.set('query', ADD);
  form.set('variables', JSON.stringify({ input: { uuid, name: file?.name ?? 'werkwijze.pdf', instrumentUuid } }));
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: 'application/octet-stream' }));
  const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { authorization: `Bearer ${await t.tokenOf(user)}` }, body: form });
  const body = (await res.json()) as { data: { addInstrumentFile?: Answer } | null };
  return { uuid, status: res.status, answer: body.data?.addInstrumentFile };
}

async function write(user: string, name: string, input: Record<string, unknown>): Promise<Answer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await t.gql<Record<string, Answer>>(user, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason } }`, { input: { ...input, clientMutationId: uuidv7() } });
  if (res.errors) throw new Error(res.errors.map((e) => e.message).join(', '));
  return res.data!.r!;
}

/** The file uuids the user's pull of `files` answers (not deleted). */
async function pulledFiles(user: string): Promise<string[]> {
  const res = await t.gql<{ pullFiles: { documents: { uuid: string; _deleted?: boolean; instrumentId?: number | null }[] } }>(
    user,
    'query($cp: PullCheckpointInput!) { pullFiles(checkpoint: $cp, limit: 5000) { documents } }',
    { cp: { seq: 0, scopeKey: null } },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.pullFiles.documents.filter((d) => !d._deleted).map((d) => d.uuid);
}

const presignStatus = async (user: string, uuid: string): Promise<number> => (await t.rest(user, `/api/files/get-presigned-url/${uuid}`)).status;
const one = async <T>(q: string, values: unknown[] = []): Promise<T> => (await t.db.query<T>(q, values)).rows[0]!;
const setSettings = (patch: Record<string, unknown>) => t.db.query('UPDATE companies SET settings = settings || $1::jsonb WHERE id = $2', [JSON.stringify(patch), company1]);

beforeAll(async () => {
  t = await createDemoApp();
  company1 = Number((await one<{ company_id: number }>("SELECT company_id FROM users WHERE username = 'manager'")).company_id);
  instrument = String((await one<{ uuid: string }>('SELECT uuid FROM instruments WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [company1])).uuid);
  foreignInstrument = String(
    (await one<{ uuid: string }>("SELECT uuid FROM instruments WHERE company_id = (SELECT company_id FROM users WHERE username = 'admin2') AND deleted_at IS NULL ORDER BY id LIMIT 1")).uuid,
  );
}, 120_000);

afterAll(async () => {
  await t.db.close();
});

describe('instrument documents', () => {
  let doc = '';

  it('a case manager adds a PDF: stored once with the instrument link, a resend is the same file, audited', async () => {
    const first = await add('manager', instrument);
    expect(first.answer).toEqual({ success: true, reason: null });
    doc = first.uuid;
    const again = await add('manager', instrument, undefined, doc);
    expect(again.answer).toEqual({ success: true, reason: null });
    const row = await one<{ n: number; kind: number; instrument_uuid: string; mime: string }>(
      'SELECT count(*) OVER ()::int AS n, f.kind, i.uuid AS instrument_uuid, f.mime FROM files f JOIN instruments i ON i.id = f.instrument_id WHERE f.uuid = $1',
      [doc],
    );
    expect(row).toEqual({ n: 1, kind: 13, instrument_uuid: instrument, mime: 'application/pdf' });
    const audited = await one<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'instrument.file.add' AND subject_id = (SELECT id::text FROM files WHERE uuid = $1)", [doc]);
    expect(audited.n).toBe(1);
  });

  it('who sees it: every staff role of the company (pull and signed link), not another company', async () => {
    for (const user of ['manager', 'coach', 'admin']) {
      expect(await pulledFiles(user), user).toContain(doc);
      expect(await presignStatus(user, doc), user).toBe(200);
    }
    expect(await pulledFiles('admin2')).not.toContain(doc);
    expect(await presignStatus('admin2', doc)).toBe(404);
  });

  it('who may add: not a coach, not to another company\'s instrument; the file rules as every upload', async () => {
    expect((await add('coach', instrument)).answer).toEqual({ success: false, reason: 'instruments.errors.fileForbidden' });
    expect((await add('participant', instrument)).answer).toEqual({ success: false, reason: 'instruments.errors.fileForbidden' });
    expect((await add('manager', foreignInstrument)).answer).toEqual({ success: false, reason: 'instruments.errors.fileNotFound' });
    expect((await add('manager', instrument, { bytes: Buffer.from('MZ\x90\x00'), name: 'setup.exe' })).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.fileTypeNotAllowed' });
    expect((await add('manager', instrument, null)).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.fileMissing' });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    expect((await add('manager', instrument, { bytes: big, name: 'groot.pdf' })).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.fileTooLarge' });
  });

  it('who may remove: not a coach; a case manager removes and brings it back', async () => {
    expect(await write('coach', 'deleteFile', { uuid: doc })).toEqual({ success: false, reason: 'instruments.errors.fileForbidden' });
    expect(await write('manager', 'deleteFile', { uuid: doc })).toEqual({ success: true, reason: null });
    expect(await pulledFiles('coach')).not.toContain(doc);
    expect(await write('manager', 'restoreFile', { uuid: doc })).toEqual({ success: true, reason: null });
    expect(await pulledFiles('coach')).toContain(doc);
  });

  it('useInstruments disabled: the documents leave every pull and link; criteria_only: seen, but the library may not change', async () => {
    await setSettings({ useInstruments: 'disabled' });
    expect(await pulledFiles('manager')).not.toContain(doc);
    expect(await presignStatus('manager', doc)).toBe(404);
    expect((await add('manager', instrument)).answer).toEqual({ success: false, reason: 'instruments.errors.disabled' });
    await setSettings({ useInstruments: 'criteria_only' });
    expect(await pulledFiles('coach')).toContain(doc);
    expect((await add('manager', instrument)).answer).toEqual({ success: false, reason: 'instruments.errors.libraryOff' });
    expect(await write('manager', 'deleteFile', { uuid: doc })).toEqual({ success: false, reason: 'instruments.errors.libraryOff' });
    await setSettings({ useInstruments: 'enabled' });
  });
});
