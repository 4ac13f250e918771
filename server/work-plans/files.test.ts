import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { loadConfig } from '../config';
import { signedDownloadPath } from './files';

/**
 * Work-plan files (issue 11 "files"; issue 10 upload rules): addFile as a multipart graph request (size limit,
 * type by content, tenant and caseload), deleteFile/restoreFile/copyFile as declared writes with their
 * permission rules, and the signed download links of GET /api/files/get-presigned-url/{file}.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ADD = 'mutation ($input: AddFileInput!) { addFile(input: $input) { success reason } }';

let t: DemoApp;
let lottePlan = ''; // a running plan of Lotte de Vries (coach `coach`)
let foreignPlan = ''; // a plan of the second organisation

interface Answer {
  success: boolean;
  reason: string | null;
}

async function multipart(username: string, variables: Record<string, unknown>, file: { bytes: Buffer; name: string; type?: string } | null) {
  const form = new FormData();
  form.set('query', ADD);
  form.set('variables', JSON.stringify(variables));
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }));
  const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { authorization: `Bearer ${await t.tokenOf(username)}` }, body: form });
  const body = (await res.json()) as { data: { addFile?: Answer } | null; errors?: { extensions?: { code?: string } }[]; messageKey?: string };
  return { status: res.status, body };
}

async function write(user: string, name: string, input: Record<string, unknown>): Promise<Answer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await t.gql<Record<string, Answer>>(user, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason } }`, { input: { ...input, clientMutationId: uuidv7() } });
  if (res.errors) throw new Error(res.errors.map((e) => e.message).join(', '));
  return res.data!.r!;
}

const one = async <T>(q: string, values: unknown[]): Promise<T | undefined> => (await t.db.query<T>(q, values)).rows[0];

async function addPdf(user: string, planUuid: string, name = 'verslag.pdf'): Promise<{ uuid: string; answer: Answer | undefined }> {
  const uuid = randomUUID();
  const res = await multipart(user, { input: { uuid, name, workPlanUuid: planUuid } }, { bytes: PDF, name, type: 'application/pdf' });
  return { uuid, answer: res.body.data?.addFile };
}

async function presign(user: string, uuid: string): Promise<{ status: number; uri: string | null }> {
  const res = await t.rest(user, `/api/files/get-presigned-url/${uuid}`);
  const body = (await res.json()) as { presigned_request_uri?: string };
  return { status: res.status, uri: body.presigned_request_uri ?? null };
}

beforeAll(async () => {
  t = await createDemoApp();
  const lotte = await one<{ uuid: string }>(
    `SELECT w.uuid FROM work_plans w JOIN participants p ON p.id = w.participant_id JOIN users u ON u.id = p.user_id
      WHERE u.username = 'participant' AND w.status = 'running' AND w.deleted_at IS NULL ORDER BY w.id LIMIT 1`,
    [],
  );
  const foreign = await one<{ uuid: string }>(
    `SELECT w.uuid FROM work_plans w WHERE w.company_id = (SELECT company_id FROM users WHERE username = 'admin2') AND w.deleted_at IS NULL ORDER BY w.id LIMIT 1`,
    [],
  );
  lottePlan = String(lotte?.uuid);
  foreignPlan = String(foreign?.uuid);
}, 120_000);

afterAll(async () => {
  await t.db.close();
});

describe('addFile', () => {
  it('the coach attaches a PDF to a plan in the caseload: stored once, listed on the plan, audited', async () => {
    const { uuid, answer } = await addPdf('coach', lottePlan);
    expect(answer).toEqual({ success: true, reason: null });
    // a resend of the same upload (same uuid) is not a second file
    const again = await multipart('coach', { input: { uuid, name: 'verslag.pdf', workPlanUuid: lottePlan } }, { bytes: PDF, name: 'verslag.pdf' });
    expect(again.body.data?.addFile?.success).toBe(true);
    const rows = await t.db.query<{ kind: number; mime: string; size: string; work_plan_uuid: string }>(
      'SELECT f.kind, f.mime, f.size, w.uuid AS work_plan_uuid FROM files f JOIN work_plans w ON w.id = f.work_plan_id WHERE f.uuid = $1',
      [uuid],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ kind: 3, mime: 'application/pdf', work_plan_uuid: lottePlan });
    expect(Number(rows.rows[0]?.size)).toBe(PDF.length);
    const plan = await t.gql<{ workPlans: { records: { uuid: string; files: { uuid: string; name: string; user: { id: string } | null }[] }[] } }>(
      'coach',
      '{ workPlans(search: "lotte vries") { records { uuid files { uuid name user { id } } } } }',
    );
    const files = plan.data?.workPlans.records.find((r) => r.uuid === lottePlan)?.files ?? [];
    expect(files.map((f) => f.uuid)).toContain(uuid);
    const audited = await one<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'workPlan.file.add' AND subject_id = (SELECT id::text FROM files WHERE uuid = $1)", [uuid]);
    expect(audited?.n).toBe(1);
  });

  it('a file over 10 MB answers fileTooLarge (a bit over: the resolver; far over: refused while the body streams)', async () => {
    const justOver = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const res = await multipart('coach', { input: { uuid: randomUUID(), name: 'groot.pdf', workPlanUuid: lottePlan } }, { bytes: justOver, name: 'groot.pdf' });
    expect(res.body.data?.addFile).toEqual({ success: false, reason: 'workPlanFiles.errors.fileTooLarge' });
    const farOver = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const big = await multipart('coach', { input: { uuid: randomUUID(), name: 'groter.pdf', workPlanUuid: lottePlan } }, { bytes: farOver, name: 'groter.pdf' });
    expect(big.status).toBe(413);
    expect(big.body.messageKey).toBe('messages.errors.fileTooLarge');
  });

  it('refuses content that is not what the name says, and types that are not allowed at all', async () => {
    // the part's name says pdf, the bytes are a script: refused by the graph route's content check
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    const routed = await multipart('coach', { input: { uuid: randomUUID(), name: 'rapport.pdf', workPlanUuid: lottePlan } }, { bytes: script, name: 'rapport.pdf' });
    expect(routed.status).toBe(400);
    expect(routed.body.errors?.[0]?.extensions?.code).toBe('messages.errors.fileTypeNotAllowed');
    // the part has a harmless name but the input names it .pdf: the resolver checks the bytes against the input's name
    const renamed = await multipart('coach', { input: { uuid: randomUUID(), name: 'rapport.pdf', workPlanUuid: lottePlan } }, { bytes: script, name: 'blob' });
    expect(renamed.body.data?.addFile).toEqual({ success: false, reason: 'workPlanFiles.errors.fileTypeNotAllowed' });
    const exe = await multipart('coach', { input: { uuid: randomUUID(), name: 'setup.exe', workPlanUuid: lottePlan } }, { bytes: Buffer.from('MZ\x90\x00'), name: 'setup.exe' });
    expect(exe.body.data?.addFile).toEqual({ success: false, reason: 'workPlanFiles.errors.fileTypeNotAllowed' });
    const none = await multipart('coach', { input: { uuid: randomUUID(), name: 'leeg.pdf', workPlanUuid: lottePlan } }, null);
    expect(none.body.data?.addFile).toEqual({ success: false, reason: 'workPlanFiles.errors.fileMissing' });
  });

  it("refuses another company's plan, a plan outside the caseload, and roles that may not edit plans", async () => {
    expect((await addPdf('coach', foreignPlan)).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.notFound' });
    expect((await addPdf('admin2', lottePlan)).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.notFound' });
    expect((await addPdf('pieter_hendriks', lottePlan)).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.notFound' });
    expect((await addPdf('participant', lottePlan)).answer).toEqual({ success: false, reason: 'workPlanFiles.errors.forbidden' });
    const stored = await one<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE name = 'verslag.pdf' AND company_id = (SELECT company_id FROM users WHERE username = 'admin2')", []);
    expect(stored?.n).toBe(0);
  });

  it('an anonymous multipart request is refused before its body is read', async () => {
    const form = new FormData();
    form.set('query', ADD);
    form.set('variables', JSON.stringify({ input: { uuid: randomUUID(), name: 'a.pdf', workPlanUuid: lottePlan } }));
    form.set('file', new File([new Uint8Array(PDF)], 'a.pdf'));
    const res = await t.app.request('/api/v2/graph', { method: 'POST', body: form });
    const body = (await res.json()) as { data: unknown; errors?: unknown[] };
    expect(body.data).toBeNull();
    expect(body.errors?.length).toBe(1);
  });
});

describe('signed download links', () => {
  it('a signed link downloads the file with its type and a safe name, without a session', async () => {
    const { uuid, answer } = await addPdf('coach', lottePlan, 'plan "april"\r\n.pdf');
    expect(answer?.success).toBe(true);
    const signed = await presign('coach', uuid);
    expect(signed.status).toBe(200);
    expect(signed.uri).toMatch(new RegExp(`^/api/files/download/${uuid}\\?u=\\d+&e=\\d+&s=[A-Za-z0-9_-]{43}$`));
    const res = await t.app.request(signed.uri!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('attachment; filename="')).toBe(true);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition).not.toContain('"april"');
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    const audited = await one<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action IN ('file.presign', 'file.download') AND subject_id = (SELECT id::text FROM files WHERE uuid = $1)", [uuid]);
    expect(audited?.n).toBe(2);
  });

  it('refuses a tampered or expired link, and signs only files in scope', async () => {
    const { uuid } = await addPdf('coach', lottePlan);
    const signed = (await presign('coach', uuid)).uri!;
    const url = new URL(signed, 'https://werkpad.test');
    const other = (await addPdf('coach', lottePlan)).uuid;
    // another file under the same signature
    expect((await t.app.request(`/api/files/download/${other}${url.search}`)).status).toBe(403);
    // a longer life
    const later = new URL(url);
    later.searchParams.set('e', String(Number(url.searchParams.get('e')) + 3600));
    expect((await t.app.request(`${later.pathname}${later.search}`)).status).toBe(403);
    // another signer
    const someone = new URL(url);
    someone.searchParams.set('u', String(await t.userId('admin')));
    expect((await t.app.request(`${someone.pathname}${someone.search}`)).status).toBe(403);
    // a flipped signature character
    const sig = url.searchParams.get('s')!;
    const flipped = new URL(url);
    flipped.searchParams.set('s', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await t.app.request(`${flipped.pathname}${flipped.search}`)).status).toBe(403);
    expect((await t.app.request(`/api/files/download/${uuid}`)).status).toBe(403);
    // rightly signed, but expired (signed with the server's own key, a minute ago)
    const config = loadConfig({ WERKPAD_STATIC_DIR: '/nonexistent', WERKPAD_DEV_TOOLS: '0', PUBLIC_URL: 'https://werkpad.test' });
    const expired = signedDownloadPath(config, uuid, await t.userId('coach'), Math.floor(Date.now() / 1000) - 60);
    const expiredRes = await t.app.request(expired);
    expect(expiredRes.status).toBe(403);
    expect(((await expiredRes.json()) as { error: string }).error).toBe('url_expired');
    const fresh = signedDownloadPath(config, uuid, await t.userId('coach'), Math.floor(Date.now() / 1000) + 60);
    expect((await t.app.request(fresh)).status).toBe(200);
    // out of scope: another company, a coach outside the caseload, nobody signed in
    expect((await presign('admin2', uuid)).status).toBe(404);
    expect((await presign('pieter_hendriks', uuid)).status).toBe(404);
    expect((await t.rest(null, `/api/files/get-presigned-url/${uuid}`)).status).toBe(401);
    expect((await presign('coach', 'not-a-uuid')).status).toBe(404);
  });
});

describe('deleteFile, restoreFile, copyFile', () => {
  it('the uploader deletes their file (restoreFile brings it back); a signed link stops working once deleted', async () => {
    const { uuid } = await addPdf('coach', lottePlan);
    const link = (await presign('coach', uuid)).uri!;
    expect(await write('coach', 'deleteFile', { uuid })).toEqual({ success: true, reason: null });
    expect((await one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM files WHERE uuid = $1', [uuid]))?.deleted).toBe(true);
    expect((await t.app.request(link)).status).toBe(404);
    expect((await presign('coach', uuid)).status).toBe(404);
    expect(await write('coach', 'restoreFile', { uuid })).toEqual({ success: true, reason: null });
    expect((await one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM files WHERE uuid = $1', [uuid]))?.deleted).toBe(false);
    expect((await t.app.request(link)).status).toBe(200);
  });

  it("a coach cannot delete someone else's upload; a manager may; out of scope is not found", async () => {
    const { uuid } = await addPdf('manager', lottePlan);
    expect(await write('coach', 'deleteFile', { uuid })).toEqual({ success: false, reason: 'workPlanFiles.errors.forbidden' });
    expect(await write('admin2', 'deleteFile', { uuid })).toEqual({ success: false, reason: 'not_found' });
    expect(await write('pieter_hendriks', 'deleteFile', { uuid })).toEqual({ success: false, reason: 'not_found' });
    expect(await write('admin2', 'restoreFile', { uuid })).toEqual({ success: false, reason: 'workPlanFiles.errors.notFound' });
    expect((await one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM files WHERE uuid = $1', [uuid]))?.deleted).toBe(false);
    const byCoach = (await addPdf('coach', lottePlan)).uuid;
    expect(await write('manager', 'deleteFile', { uuid: byCoach })).toEqual({ success: true, reason: null });
    expect(await write('manager', 'deleteFile', { uuid })).toEqual({ success: true, reason: null });
    const audited = await one<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'write.deleteFile' AND result = 'success' AND subject_id = $1", [uuid]);
    expect(audited?.n).toBe(1);
  });

  it('copies a file in scope to another plan in scope, not into another company', async () => {
    const { uuid } = await addPdf('coach', lottePlan, 'bron.pdf');
    const target = await one<{ uuid: string }>(
      `SELECT w.uuid FROM work_plans w WHERE w.company_id = (SELECT company_id FROM users WHERE username = 'coach') AND w.uuid <> $1 AND w.deleted_at IS NULL ORDER BY w.id LIMIT 1`,
      [lottePlan],
    );
    const copy = randomUUID();
    expect(await write('manager', 'copyFile', { uuid: copy, sourceUuid: uuid, workPlanUuid: target!.uuid })).toEqual({ success: true, reason: null });
    const row = await one<{ name: string; copied: boolean; same_bytes: boolean }>(
      'SELECT c.name, c.copied_from_id = s.id AS copied, c.storage_key = s.storage_key AS same_bytes FROM files c JOIN files s ON s.uuid = $2 WHERE c.uuid = $1',
      [copy, uuid],
    );
    expect(row).toEqual({ name: 'bron.pdf', copied: true, same_bytes: true });
    const signed = (await presign('manager', copy)).uri!;
    expect((await t.app.request(signed)).status).toBe(200);
    expect(await write('admin2', 'copyFile', { uuid: randomUUID(), sourceUuid: uuid, workPlanUuid: foreignPlan })).toEqual({ success: false, reason: 'workPlanFiles.errors.notFound' });
    expect(await write('manager', 'copyFile', { uuid: randomUUID(), sourceUuid: uuid, workPlanUuid: foreignPlan })).toEqual({ success: false, reason: 'workPlanFiles.errors.notFound' });
  });
});
