import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Hono } from 'hono';

import webpush from 'web-push';
import type { Db } from '../db/db';
import { createTestDb } from '../test/db';
import { seedDemoIfEmpty } from '../db/seed';
import { loadConfig, type Config } from '../config';
import { createApp } from '../app';
import { createSession } from '../auth/session';
import { graph, rest } from '../test/auth';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { notifyRecipient, vapidKeys } from './push';
import { ATTACHMENT_MAX_BYTES } from '../../src/domain/messages/attachments';

let db: Db;
let app: Hono;
let config: Config;
let dataDir: string;
const tokens = new Map<string, string>();
const ids = new Map<string, number>();
let participantId = 0;

const token = (u: string) => tokens.get(u)!;

beforeAll(async () => {
  // No push leaves the machine: web-push's sender is replaced for the whole file (a spy on the module's own
  // object, so it holds however many files share the module), and put back after it.
  vi.spyOn(webpush, 'sendNotification').mockResolvedValue({ statusCode: 201, body: '', headers: {} });
  db = await createTestDb();
  await seedDemoIfEmpty(db);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'werkpad-msg-'));
  config = { ...loadConfig({}), dataDir };
  app = createApp({ db, config });
  for (const u of ['admin', 'manager', 'coach', 'expert', 'participant', 'admin2', 'coach2', 'participant2', 'pieter_hendriks']) {
    const { rows } = await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE username = $1', [u]);
    const row = rows[0]!;
    ids.set(u, Number(row.id));
    tokens.set(u, (await createSession(db, { id: Number(row.id), companyId: Number(row.company_id) }, { mfaValidated: true })).token);
  }
  participantId = Number((await db.query<{ id: number }>('SELECT id FROM participants WHERE user_id = $1', [ids.get('participant')])).rows[0]!.id);
}, 120_000);

afterAll(async () => {
  vi.mocked(webpush.sendNotification).mockRestore();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { success reason } }`;
const LIST = `query($tab: MessageTab, $read: Boolean, $page: Int, $perPage: Int) {
  messages(tab: $tab, read: $read, page: $page, perPage: $perPage) { totalItems records { id uuid subject body read display senderDisplay createdAt sender { type id name } recipient { type id name } attachments { uuid name size } } } }`;

interface Rec { id: string; uuid: string; subject: string; body: string; read: boolean; createdAt: string; sender: { type: string; id: string; name: string }; recipient: { type: string; id: string; name: string }; attachments: { uuid: string; name: string; size: number }[] }
type ListAnswer = { messages: { totalItems: number; records: Rec[] } };
/** "All" (perPage 0) counts as the largest page, 500 rows, each with its attachments (a nested list): over the
 * row-cost limit (issue 20). A caller who wants everything asks the rows without their attachments. */
const LIST_ALL = `query($tab: MessageTab, $read: Boolean) {
  messages(tab: $tab, read: $read, perPage: 0) { totalItems records { id uuid subject body read display senderDisplay createdAt sender { type id name } recipient { type id name } } } }`;

async function send(user: string, input: Record<string, unknown>, clientMutationId = uuidv7()) {
  const res = await graph<{ sendMessage: { success: boolean; reason: string | null } }>(app, SEND, {
    token: token(user),
    variables: { input: { clientMutationId, uuid: uuidv7(), subject: 'Onderwerp', body: '<p>Tekst</p>', ...input } },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.sendMessage;
}
async function list(user: string, vars: Record<string, unknown> = {}) {
  const res = await graph<ListAnswer>(app, vars.perPage === 0 ? LIST_ALL : LIST, { token: token(user), variables: vars });
  expect(res.errors).toBeUndefined();
  return res.data!.messages;
}
const unread = async (user: string) => (await list(user, { tab: 'inbox', read: false, perPage: 1 })).totalItems;
const count = async (where: string, params: unknown[]) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE ${where}`, params)).rows[0]!.n);

describe('messages query', () => {
  it('pages newest first with 15 by default, 0 means all, and counts unread via totalItems', async () => {
    const first = await list('coach', { tab: 'inbox' });
    expect(first.records.length).toBeLessThanOrEqual(15);
    const all = await list('coach', { tab: 'inbox', perPage: 0 });
    expect(all.records.length).toBe(all.totalItems);
    // all of them with their attachments is refused before it runs (500 rows × a list each)
    const whole = await graph<ListAnswer>(app, LIST, { token: token('coach'), variables: { tab: 'inbox', perPage: 0 } });
    expect(whole.data ?? null).toBeNull();
    expect(whole.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_EXPENSIVE');
    expect(first.totalItems).toBe(all.totalItems);
    const times = all.records.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const coachId = String(ids.get('coach'));
    expect(all.records.every((r) => r.recipient.type === 'user' && r.recipient.id === coachId)).toBe(true);
    expect(await unread('coach')).toBe(all.records.filter((r) => !r.read).length);
  });
  it('tabs: sent holds what the viewer sent, archived what they archived; names come along', async () => {
    const sent = await list('participant', { tab: 'sent', perPage: 0 });
    expect(sent.records.every((r) => r.sender.type === 'participant' && r.sender.id === String(participantId))).toBe(true);
    expect(sent.records[0]?.recipient.name).toBeTruthy();
    const archived = await list('participant', { tab: 'archived', perPage: 0 });
    expect(archived.totalItems).toBeGreaterThan(0);
  });
  it('another organisation sees none of them', async () => {
    const inbox = await list('participant', { perPage: 0 });
    const res = await graph<{ message: unknown }>(app, 'query($id: ID!) { message(id: $id) { id } }', {
      token: token('admin2'),
      variables: { id: inbox.records[0]!.id },
    });
    expect(res.data?.message).toBeNull();
  });
  it('message(id) shows the thread through parentMessage', async () => {
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM messages WHERE recipient_participant_id = $1 AND parent_message_id IS NOT NULL ORDER BY id LIMIT 1',
      [participantId],
    );
    const res = await graph<{ message: { parentMessage: { id: string; subject: string } | null } }>(
      app,
      'query($id: ID!) { message(id: $id) { id parentMessage { id subject } } }',
      { token: token('participant'), variables: { id: rows[0]!.id } },
    );
    expect(res.data?.message.parentMessage?.id).toBeTruthy();
  });
});

describe('messageRecipients', () => {
  it('a participant may write to their coach and manager, not to other staff', async () => {
    const res = await graph<{ messageRecipients: { type: string; id: string; name: string }[] }>(app, '{ messageRecipients(search: "") { type id name } }', {
      token: token('participant'),
    });
    const got = res.data!.messageRecipients.map((r) => Number(r.id));
    expect(got).toContain(ids.get('coach'));
    expect(got).toContain(ids.get('manager'));
    expect(got).not.toContain(ids.get('expert'));
    expect(res.data!.messageRecipients.every((r) => r.type === 'user')).toBe(true);
  });
  it('staff find colleagues and caseload participants by name, never another organisation', async () => {
    const res = await graph<{ messageRecipients: { type: string; id: string; name: string }[] }>(app, '{ messageRecipients(search: "", limit: 100) { type id name } }', {
      token: token('coach'),
    });
    const list2 = res.data!.messageRecipients;
    expect(list2.some((r) => r.type === 'participant' && Number(r.id) === participantId)).toBe(true);
    expect(list2.some((r) => Number(r.id) === ids.get('coach2'))).toBe(false);
    const named = await graph<{ messageRecipients: { name: string }[] }>(app, '{ messageRecipients(search: "sanne") { name } }', { token: token('manager') });
    expect(named.data!.messageRecipients.map((r) => r.name)).toContain('Sanne Visser');
  });
});

describe('sendMessage', () => {
  it('a participant replies to their coach: the coach gets it unread, exactly once on replay, sanitised', async () => {
    const before = await unread('coach');
    const parent = (await list('participant', { perPage: 1 })).records[0]!;
    const cmid = uuidv7();
    const uuid = uuidv7();
    const input = {
      clientMutationId: cmid,
      uuid,
      subject: 'Re: vraag',
      body: '<p>hoi</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">klik</a><a href="https://werkpad.nl">ok</a>',
      recipient: { userId: String(ids.get('coach')) },
      parentMessageId: parent.id,
    };
    const a = await graph<{ sendMessage: { success: boolean } }>(app, SEND, { token: token('participant'), variables: { input } });
    const b = await graph<{ sendMessage: { success: boolean } }>(app, SEND, { token: token('participant'), variables: { input } });
    expect(a.data?.sendMessage.success).toBe(true);
    expect(b.data?.sendMessage.success).toBe(true);
    expect(await count('uuid = $1', [uuid])).toBe(1);
    expect(await unread('coach')).toBe(before + 1);
    const { rows } = await db.query<{ body: string; parent_message_id: number; sender_name: string; participant_id: number }>(
      'SELECT body, parent_message_id, sender_name, participant_id FROM messages WHERE uuid = $1',
      [uuid],
    );
    expect(rows[0]!.body).toBe('<p>hoi</p><a>klik</a><a href="https://werkpad.nl" rel="noopener noreferrer" target="_blank">ok</a>');
    expect(rows[0]!.body).not.toMatch(/onerror|script|javascript/);
    expect(Number(rows[0]!.parent_message_id)).toBe(Number(parent.id));
    expect(Number(rows[0]!.participant_id)).toBe(participantId);
    expect(rows[0]!.sender_name).toBeTruthy();
  });

  it.each([
    ['subject', { subject: '' }, 'messages.errors.subjectRequired'],
    ['body', { body: '   ' }, 'messages.errors.bodyRequired'],
    ['recipient', { recipient: null }, 'messages.errors.recipientRequired'],
  ] as const)('missing %s answers the reason code of the spec message and writes nothing', async (_f, input, reason) => {
    const before = await count('TRUE', []);
    const answer = await send('coach', { recipient: { userId: String(ids.get('manager')) }, ...input });
    expect(answer).toEqual({ success: false, reason });
    // The client shows the spec's text for the code (01 §4; src/i18n/locales.test.ts checks the texts).
    expect(await count('TRUE', [])).toBe(before);
  });

  it.each([
    ['participant → expert (not their coach or manager, never wrote)', 'participant', () => ({ userId: String(ids.get('expert')) }), false],
    ['participant → another participant', 'participant', () => ({ participantId: String(participantId + 1) }), false],
    ['participant → their manager', 'participant', () => ({ userId: String(ids.get('manager')) }), true],
    ['coach → participant of another organisation', 'coach', () => ({ participantId: 'P2' }), false],
    ['coach → coach of another organisation', 'coach', () => ({ userId: String(ids.get('coach2')) }), false],
    ['coach → colleague in the organisation', 'coach', () => ({ userId: String(ids.get('manager')) }), true],
    ['coach → own caseload participant', 'coach', () => ({ participantId: String(participantId) }), true],
    ['coach → participant outside caseload', 'coach', () => ({ participantId: 'OUT' }), false],
    ['admin → participant outside anybody\'s caseload of theirs', 'admin', () => ({ participantId: 'OUT' }), true],
    ['admin2 → participant of organisation 1', 'admin2', () => ({ participantId: String(participantId) }), false],
    ['coach → themselves', 'coach', () => ({ userId: String(ids.get('coach')) }), false],
  ])('%s', async (_name, user, recipient, allowed) => {
    let r = recipient() as { participantId?: string; userId?: string };
    if (r.participantId === 'P2') {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM participants WHERE user_id = $1', [ids.get('participant2')]);
      r = { participantId: String(rows[0]!.id) };
    }
    if (r.participantId === 'OUT') {
      const { rows } = await db.query<{ id: number }>(
        `SELECT p.id FROM participants p WHERE p.company_id = (SELECT company_id FROM users WHERE id = $1)
           AND p.deleted_at IS NULL AND p.display = 1 AND coalesce(p.coach_id, 0) <> $1 AND coalesce(p.manager_id, 0) <> $1
           AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.sender_participant_id = p.id AND m.recipient_user_id = $1) LIMIT 1`,
        [ids.get('coach')],
      );
      r = { participantId: String(rows[0]!.id) };
    }
    const answer = await send(user, { recipient: r });
    expect(answer.success).toBe(allowed);
    if (!allowed) expect(answer.reason).toBe('messages.errors.recipientNotAllowed');
  });

  it('a reply to a message the viewer cannot see is refused', async () => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM messages WHERE sender_user_id = $1 AND recipient_user_id = $2 LIMIT 1', [
      ids.get('expert'),
      ids.get('manager'),
    ]);
    const answer = await send('participant', { recipient: { userId: String(ids.get('coach')) }, parentMessageId: String(rows[0]!.id) });
    expect(answer).toEqual({ success: false, reason: 'messages.errors.parentNotFound' });
  });

  it('a mutation without a session is refused', async () => {
    const res = await graph<{ sendMessage: { success: boolean; reason: string } }>(app, SEND, {
      variables: { input: { clientMutationId: uuidv7(), uuid: uuidv7(), subject: 's', body: 'b', recipient: { userId: '1' } } },
    });
    expect(res.data?.sendMessage?.success ?? false).toBe(false);
  });
});

describe('readMessage, unreadMessage', () => {
  const READ = `mutation($c: ID!, $id: JSON!) { readMessage(input: { clientMutationId: $c, id: $id }) { success reason } }`;
  const UNREAD = `mutation($c: ID!, $id: JSON!) { unreadMessage(input: { clientMutationId: $c, id: $id }) { success reason } }`;
  it('the recipient marks read and unread; the counter follows; replays apply once', async () => {
    const target = (await list('participant', { read: false, perPage: 1 })).records[0]!;
    const before = await unread('participant');
    const c = uuidv7();
    const r1 = await graph<{ readMessage: { success: boolean } }>(app, READ, { token: token('participant'), variables: { c, id: target.uuid } });
    expect(r1.data?.readMessage.success).toBe(true);
    expect(await unread('participant')).toBe(before - 1);
    const u = await graph<{ unreadMessage: { success: boolean } }>(app, UNREAD, { token: token('participant'), variables: { c: uuidv7(), id: target.id } });
    expect(u.data?.unreadMessage.success).toBe(true);
    expect(await unread('participant')).toBe(before);
    // the first read replayed: its stored answer, no second effect
    const again = await graph<{ readMessage: { success: boolean } }>(app, READ, { token: token('participant'), variables: { c, id: target.uuid } });
    expect(again.data?.readMessage.success).toBe(true);
    expect(await unread('participant')).toBe(before);
  });
  it('the sender, another user and another organisation cannot mark it', async () => {
    const target = (await list('participant', { perPage: 1 })).records[0]!;
    for (const user of ['coach2', 'expert']) {
      const r = await graph<{ readMessage: { success: boolean; reason: string } }>(app, READ, { token: token(user), variables: { c: uuidv7(), id: target.id } });
      expect(r.data?.readMessage).toEqual({ success: false, reason: 'not_found' });
    }
    const sent = (await list('participant', { tab: 'sent', perPage: 1 })).records[0]!;
    const r = await graph<{ readMessage: { success: boolean } }>(app, READ, { token: token('participant'), variables: { c: uuidv7(), id: sent.id } });
    expect(r.data?.readMessage.success).toBe(false);
  });
});

describe('archiveMessage', () => {
  const ARCHIVE = `mutation($c: ID!, $ids: [JSON!]!) { archiveMessage(input: { clientMutationId: $c, ids: $ids }) { success reason } }`;
  it('archives several at once in one request', async () => {
    const inbox = await list('coach', { perPage: 0 });
    const archivedBefore = (await list('coach', { tab: 'archived', perPage: 1 })).totalItems;
    const three = inbox.records.slice(0, 3).map((r) => r.id);
    const r = await graph<{ archiveMessage: { success: boolean } }>(app, ARCHIVE, { token: token('coach'), variables: { c: uuidv7(), ids: three } });
    expect(r.data?.archiveMessage.success).toBe(true);
    expect((await list('coach', { perPage: 1 })).totalItems).toBe(inbox.totalItems - 3);
    expect((await list('coach', { tab: 'archived', perPage: 1 })).totalItems).toBe(archivedBefore + 3);
  });
  it('archiving a sent message hides it from Verzonden only for the sender', async () => {
    const sent = (await list('coach', { tab: 'sent', perPage: 1 })).records[0]!;
    const sentBefore = (await list('coach', { tab: 'sent', perPage: 1 })).totalItems;
    const r = await graph<{ archiveMessage: { success: boolean } }>(app, ARCHIVE, { token: token('coach'), variables: { c: uuidv7(), ids: [sent.uuid] } });
    expect(r.data?.archiveMessage.success).toBe(true);
    expect((await list('coach', { tab: 'sent', perPage: 1 })).totalItems).toBe(sentBefore - 1);
    const { rows } = await db.query<{ display: boolean }>('SELECT display FROM messages WHERE uuid = $1', [sent.uuid]);
    expect(rows[0]!.display).toBe(true);
  });
  it('one id that is not the viewer\'s: nothing is archived', async () => {
    const mine = (await list('participant', { perPage: 1 })).records[0]!;
    const { rows } = await db.query<{ id: number }>('SELECT id FROM messages WHERE sender_user_id = $1 AND recipient_user_id = $2 LIMIT 1', [
      ids.get('expert'),
      ids.get('manager'),
    ]);
    const r = await graph<{ archiveMessage: { success: boolean; reason: string } }>(app, ARCHIVE, {
      token: token('participant'),
      variables: { c: uuidv7(), ids: [mine.id, String(rows[0]!.id)] },
    });
    expect(r.data?.archiveMessage.success).toBe(false);
    expect((await db.query<{ display: boolean }>('SELECT display FROM messages WHERE id = $1', [mine.id])).rows[0]!.display).toBe(true);
  });
});

describe('attachments', () => {
  const upload = (user: string, file: File) => {
    const form = new FormData();
    form.set('file', file);
    return app.request('/api/files', { method: 'POST', headers: { authorization: `Bearer ${token(user)}` }, body: form });
  };
  it('refuses an oversize file and a disallowed type with a reason code (the client shows its Dutch text)', async () => {
    const big = await upload('coach', new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], 'groot.pdf', { type: 'application/pdf' }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe('messages.errors.fileTooLarge');
    const exe = await upload('coach', new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' }));
    expect(exe.status).toBe(400);
    expect(((await exe.json()) as { message: string }).message).toBe('messages.errors.fileTypeNotAllowed');
    const none = await app.request('/api/files', { method: 'POST', headers: { authorization: `Bearer ${token('coach')}` }, body: new FormData() });
    expect(none.status).toBe(400);
    expect((await app.request('/api/files', { method: 'POST', body: new FormData() })).status).toBe(401);
  });
  it('uploads, sends with the message, and only the parties download it as an attachment', async () => {
    const res = await upload('coach', new File(['%PDF-1.4 test'], 'rooster week 12.pdf', { type: 'application/pdf' }));
    expect(res.status).toBe(201);
    const file = (await res.json()) as { uuid: string; name: string; size: number };
    expect(file.name).toBe('rooster week 12.pdf');
    // nobody else may attach or read the upload before it is sent
    expect((await rest(app, `/api/files/${file.uuid}`, { token: token('participant') })).status).toBe(404);
    const stolen = await send('manager', { recipient: { userId: String(ids.get('coach')) }, attachmentIds: [file.uuid] });
    expect(stolen.success).toBe(false);
    const sent = await send('coach', { recipient: { participantId: String(participantId) }, subject: 'Rooster', attachmentIds: [file.uuid] });
    expect(sent.success).toBe(true);
    const inbox = await list('participant', { perPage: 1 });
    expect(inbox.records[0]!.attachments).toEqual([{ uuid: file.uuid, name: 'rooster week 12.pdf', size: 13 }]);
    const dl = await rest(app, `/api/files/${file.uuid}`, { token: token('participant') });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await dl.text()).toBe('%PDF-1.4 test');
    for (const user of ['manager', 'admin2', 'admin']) {
      expect((await rest(app, `/api/files/${file.uuid}`, { token: token(user) })).status).toBe(404);
    }
    // attached once: a second message cannot take the same file
    expect((await send('coach', { recipient: { participantId: String(participantId) }, attachmentIds: [file.uuid] })).success).toBe(false);
  });
});

describe('web push', () => {
  it('keeps one VAPID key pair in the database and stores subscriptions per user', async () => {
    const a = (await (await rest(app, '/api/push/vapid-public-key')).json()) as { publicKey: string };
    const b = await vapidKeys(db);
    expect(a.publicKey).toBe(b.publicKey);
    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } };
    const res = await rest(app, '/api/fcm', { token: token('participant'), json: { subscription: sub } });
    expect(res.status).toBe(200);
    expect((await rest(app, '/api/fcm', { token: token('participant'), json: { token: 'not a subscription' } })).status).toBe(400);
    expect((await rest(app, '/api/fcm', { json: { subscription: sub } })).status).toBe(401);
  });
  it('a new message pushes to the recipient; an expired subscription is removed', async () => {
    const spy = vi.mocked(webpush.sendNotification);
    spy.mockClear();
    await db.query(
      `INSERT INTO push_subscriptions (company_id, user_id, endpoint, keys) SELECT company_id, id, 'https://fcm.googleapis.com/fcm/send/gone', '{"p256dh":"p","auth":"a"}' FROM users WHERE id = $1`,
      [ids.get('participant')],
    );
    spy.mockImplementation((sub) =>
      sub.endpoint.endsWith('/gone')
        ? Promise.reject(Object.assign(new Error('gone'), { statusCode: 410 }))
        : Promise.resolve({ statusCode: 201, body: '', headers: {} }),
    );
    const { rows } = await db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [ids.get('participant')]);
    const sent = await notifyRecipient(db, config, Number(rows[0]!.company_id), { participantId }, { uuid: uuidv7(), subject: 'Hallo', senderName: 'Sanne Visser' });
    expect(sent).toBe(1);
    expect(spy).toHaveBeenCalledTimes(2);
    const payload = JSON.parse(String(spy.mock.calls[0]![1])) as { title: string; body: string };
    expect(payload).toMatchObject({ title: 'Nieuw bericht van Sanne Visser', body: 'Hallo' });
    expect(await count('TRUE', [])).toBeGreaterThan(0);
    const left = await db.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [ids.get('participant')]);
    expect(left.rows.map((r) => (r as { endpoint: string }).endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/abc']);
  });
});
