import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';

/** Portal calls: a participant reaches only their own documents, targets and tasks; files are checked by content. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d5a0cc0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: DemoApp;

async function multipart(username: string, query: string, variables: Record<string, unknown>, file: { bytes: Buffer; name: string; type: string } | null) {
  const form = new FormData();
  form.set('query', query);
  form.set('variables', JSON.stringify(variables));
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { authorization: `Bearer ${await t.tokenOf(username)}` }, body: form });
  return (await res.json()) as { data: Record<string, { success: boolean; reason: string | null }> | null; errors?: { extensions?: { code?: string } }[] };
}

const ADD = 'mutation ($input: ParticipantAddDocumentInput!) { participantAddDocument(input: $input) { success reason } }';
const DOCS = '{ participantDocuments(perPage: 0) { totalItems records { uuid name mime downloadUri } } }';

async function participantIdOf(username: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>('SELECT p.id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = $1', [username]);
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => {
  await t.db.close();
});

describe('participant documents', () => {
  it('adds a PDF once (a resend of the same uuid is not a second document), lists and downloads it', async () => {
    const uuid = randomUUID();
    const before = await t.gql<{ participantDocuments: { totalItems: number } }>('participant', DOCS);
    const first = await multipart('participant', ADD, { input: { uuid, name: 'cv.pdf' } }, { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' });
    expect(first.data?.participantAddDocument).toEqual({ success: true, reason: null });
    const again = await multipart('participant', ADD, { input: { uuid, name: 'cv.pdf' } }, { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' });
    expect(again.data?.participantAddDocument?.success).toBe(true);
    const after = await t.gql<{ participantDocuments: { totalItems: number; records: { uuid: string; mime: string; downloadUri: string }[] } }>('participant', DOCS);
    expect(after.data?.participantDocuments.totalItems).toBe((before.data?.participantDocuments.totalItems ?? 0) + 1);
    const doc = after.data?.participantDocuments.records.find((r) => r.uuid === uuid);
    expect(doc?.mime).toBe('application/pdf');
    const download = await t.rest('participant', `/api/portal/documents/${uuid}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    // Someone else's participant cannot download it.
    expect((await t.rest('participant2', `/api/portal/documents/${uuid}`)).status).toBe(404);
  });

  it('refuses a file whose content is not an allowed type, whatever its name says', async () => {
    const res = await multipart('participant', ADD, { input: { uuid: randomUUID(), name: 'fake.pdf' } }, { bytes: Buffer.from('just text, not a pdf'), name: 'fake.pdf', type: 'application/pdf' });
    // Refused by the graph route's content check, before the mutation runs (nothing stored).
    expect(res.data?.participantAddDocument).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.code).toBe('messages.errors.fileTypeNotAllowed');
    const none = await multipart('participant', ADD, { input: { uuid: randomUUID(), name: 'x.pdf' } }, null);
    expect(none.data?.participantAddDocument?.reason).toBe('portal.errors.fileMissing');
  });

  it("a participant cannot add to or read another participant's file", async () => {
    const other = await participantIdOf('participant2');
    const res = await multipart('participant', ADD, { input: { uuid: randomUUID(), name: 'cv.pdf', participantId: other } }, { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' });
    expect(res.data?.participantAddDocument?.reason).toBe('portal.errors.notFound');
    const list = await t.gql<{ participantDocuments: { totalItems: number } }>('participant', `{ participantDocuments(participantId: ${other}) { totalItems } }`);
    expect(list.data?.participantDocuments.totalItems).toBe(0);
  });

  it('deletes an own upload; a document the coach added stays', async () => {
    const mine = randomUUID();
    await multipart('participant', ADD, { input: { uuid: mine, name: 'a.pdf' } }, { bytes: PDF, name: 'a.pdf', type: 'application/pdf' });
    const del = 'mutation ($input: ParticipantDeleteDocumentInput!) { participantDeleteDocument(input: $input) { success reason } }';
    // participant2 (another company) cannot delete it
    const foreign = await t.gql<{ participantDeleteDocument: { success: boolean; reason: string } }>('participant2', del, { input: { uuid: mine } });
    expect(foreign.data?.participantDeleteDocument.reason).toBe('not_found');
    const own = await t.gql<{ participantDeleteDocument: { success: boolean } }>('participant', del, { input: { uuid: mine } });
    expect(own.data?.participantDeleteDocument.success).toBe(true);
    expect((await t.rest('participant', `/api/portal/documents/${mine}`)).status).toBe(404);

    const pid = await participantIdOf('participant');
    const byCoach = randomUUID();
    const added = await multipart('coach', ADD, { input: { uuid: byCoach, name: 'rapport.pdf', participantId: pid } }, { bytes: PDF, name: 'rapport.pdf', type: 'application/pdf' });
    expect(added.data?.participantAddDocument?.success).toBe(true);
    const refused = await t.gql<{ participantDeleteDocument: { success: boolean; reason: string } }>('participant', del, { input: { uuid: byCoach } });
    expect(refused.data?.participantDeleteDocument).toEqual({ success: false, reason: 'portal.errors.notOwnDocument' });
  });
});

describe('pictures', () => {
  const SET = 'mutation ($input: SetUserPictureInput!) { setUserPicture(input: $input) { success reason } }';
  it('stores a PNG profile picture in the user settings and serves it; refuses a PDF named .png', async () => {
    const uuid = randomUUID();
    const res = await multipart('participant', SET, { input: { uuid, kind: 'profile' } }, { bytes: PNG, name: 'me.png', type: 'image/png' });
    expect(res.data?.setUserPicture).toEqual({ success: true, reason: null });
    const s = await t.gql<{ settings: { profilePicture: string } }>('participant', '{ settings }');
    expect(s.data?.settings.profilePicture).toBe(uuid);
    const pic = await t.rest('participant', `/api/portal/pictures/${uuid}`);
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toBe('image/png');
    const bad = await multipart('participant', SET, { input: { uuid: randomUUID(), kind: 'homepage' } }, { bytes: PDF, name: 'x.png', type: 'image/png' });
    expect(bad.data?.setUserPicture).toBeUndefined();
    expect(bad.errors?.[0]?.extensions?.code).toBe('messages.errors.fileTypeNotAllowed');
    // A homepage picture of one user is not served to another company.
    expect((await t.rest('participant2', `/api/portal/pictures/${uuid}`)).status).toBe(404);
  });
});

describe('targets', () => {
  const SET = 'mutation ($input: SetParticipantTargetInput!) { setParticipantTarget(input: $input) { success reason } }';
  it('a participant adds and achieves their own target; cannot touch another participant', async () => {
    const uuid = randomUUID();
    const add = await t.gql<{ setParticipantTarget: { success: boolean } }>('participant', SET, { input: { uuid, description: 'Elke dag op tijd', targetDate: '2026-12-31', achieved: false } });
    expect(add.data?.setParticipantTarget.success).toBe(true);
    const done = await t.gql<{ setParticipantTarget: { success: boolean } }>('participant', SET, { input: { uuid, description: 'Elke dag op tijd', targetDate: '2026-12-31', achieved: true } });
    expect(done.data?.setParticipantTarget.success).toBe(true);
    const list = await t.gql<{ participantTargets: { uuid: string; achievedAt: string | null }[] }>('participant', '{ participantTargets { uuid achievedAt } }');
    expect(list.data?.participantTargets.find((x) => x.uuid === uuid)?.achievedAt).toBeTruthy();
    const other = await participantIdOf('participant2');
    const foreign = await t.gql<{ setParticipantTarget: { success: boolean; reason: string } }>('participant', SET, { input: { uuid: randomUUID(), participantId: other, description: 'x', achieved: false } });
    expect(foreign.data?.setParticipantTarget.reason).toBe('portal.errors.notFound');
    // participant2 cannot edit the first participant's target by its uuid
    const steal = await t.gql<{ setParticipantTarget: { success: boolean; reason: string } }>('participant2', SET, { input: { uuid, description: 'overgenomen', achieved: false } });
    expect(steal.data?.setParticipantTarget.success).toBe(false);
    const empty = await t.gql<{ setParticipantTarget: { reason: string } }>('participant', SET, { input: { uuid: randomUUID(), description: '  ', achieved: false } });
    expect(empty.data?.setParticipantTarget.reason).toBe('portal.validation.targetRequired');
  });
});

describe('workplace application and tasks', () => {
  const APPLY = 'mutation ($input: WorkplaceApplicationInput!) { workplaceApplication(input: $input) { success reason } }';
  it('applies once per workplace; a replay of the same uuid is fine; another company workplace is not found', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT w.id FROM workplaces w JOIN users u ON u.company_id = w.company_id WHERE u.username = 'participant' AND (w.capacity IS NULL OR w.capacity > 0)
        AND NOT EXISTS (SELECT 1 FROM workplace_applications a JOIN participants p ON p.id = a.participant_id WHERE a.workplace_id = w.id AND p.user_id = u.id) ORDER BY w.id LIMIT 1`,
    );
    const workplaceId = Number(rows[0]?.id);
    const uuid = randomUUID();
    const first = await t.gql<{ workplaceApplication: { success: boolean; reason: string | null } }>('participant', APPLY, { input: { uuid, workplaceId, motivation: 'Ik werk graag buiten.' } });
    expect(first.data?.workplaceApplication).toEqual({ success: true, reason: null });
    const replay = await t.gql<{ workplaceApplication: { success: boolean } }>('participant', APPLY, { input: { uuid, workplaceId, motivation: 'Ik werk graag buiten.' } });
    expect(replay.data?.workplaceApplication.success).toBe(true);
    const second = await t.gql<{ workplaceApplication: { reason: string } }>('participant', APPLY, { input: { uuid: randomUUID(), workplaceId, motivation: '' } });
    expect(second.data?.workplaceApplication.reason).toBe('portal.errors.alreadyApplied');
    const foreign = await t.gql<{ workplaceApplication: { reason: string } }>('participant2', APPLY, { input: { uuid: randomUUID(), workplaceId, motivation: '' } });
    expect(foreign.data?.workplaceApplication.reason).toBe('portal.errors.notFound');
    const staff = await t.gql<{ workplaceApplication: { reason: string } }>('coach', APPLY, { input: { uuid: randomUUID(), workplaceId, motivation: '' } });
    expect(staff.data?.workplaceApplication.reason).toBe('portal.errors.notAllowed');
  });

  it('tasks: totalItems counts the open assignments of the participant (page size 1 answers one record)', async () => {
    const pid = await participantIdOf('participant');
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM assignments a JOIN work_plans wp ON wp.id = a.work_plan_id
        WHERE a.participant_id = $1 AND a.status IN (0, 1) AND a.deleted_at IS NULL AND wp.status = 'running' AND wp.deleted_at IS NULL`,
      [pid],
    );
    const res = await t.gql<{ tasks: { totalItems: number; records: { kind: string }[] } }>('participant', '{ tasks(perPage: 1) { totalItems records { kind title } } }');
    expect(res.data?.tasks.totalItems).toBe(Number(rows[0]?.n));
    expect(res.data?.tasks.records.length).toBe(Math.min(1, Number(rows[0]?.n)));
  });
});

describe('communication preferences', () => {
  const SET = 'mutation ($input: SetCommunicationPreferencesInput!) { setCommunicationPreferences(input: $input) { success reason } }';
  it('stores valid preferences on the own participant; refuses a preferred channel that is not chosen; staff cannot', async () => {
    const good = await t.gql<{ setCommunicationPreferences: { success: boolean } }>('participant', SET, { input: { preferredChannel: 'email', channels: ['email', 'messages'], contactTimes: ['morning'], notes: '' } });
    expect(good.data?.setCommunicationPreferences.success).toBe(true);
    const pid = await participantIdOf('participant');
    const { rows } = await t.db.query<{ settings: { communicationPreferences: { preferredChannel: string } } }>('SELECT settings FROM participants WHERE id = $1', [pid]);
    expect(rows[0]?.settings.communicationPreferences.preferredChannel).toBe('email');
    const bad = await t.gql<{ setCommunicationPreferences: { reason: string } }>('participant', SET, { input: { preferredChannel: 'post', channels: ['email'], contactTimes: [], notes: '' } });
    expect(bad.data?.setCommunicationPreferences.reason).toBe('portal.validation.preferredNotAllowed');
    const staff = await t.gql<{ setCommunicationPreferences: { reason: string } }>('coach', SET, { input: { preferredChannel: 'email', channels: ['email'], contactTimes: [], notes: '' } });
    expect(staff.data?.setCommunicationPreferences.reason).toBe('portal.errors.notAllowed');
  });
});
