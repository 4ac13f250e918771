import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../sync/outbox-machine';
import { pendingArchives, partyKeyOf, tabPage, threadOf, toView, unreadCount, withOverlay, replyTarget, recipientOfKey } from './views';
import { messageWrites } from './writes';

const doc = (n: number, extra: Record<string, unknown> = {}) =>
  toView({
    uuid: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    id: n,
    subject: `s${n}`,
    body: '<p>b</p>',
    senderUserId: 3,
    recipientParticipantId: 7,
    senderName: 'Sanne Visser',
    recipientName: 'Lotte',
    read: false,
    display: true,
    senderDisplay: true,
    createdAt: `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    ...extra,
  });

const row = (op: string, args: Record<string, unknown>, status: OutboxRow['status'] = 'pending'): OutboxRow => ({
  clientMutationId: 'x', op, args, collection: null, target: null, patch: null, mode: null, baseRevision: null, baseValues: null, conflictFields: null, previous: undefined, status, error: null,
  serverDocument: null, createdAt: 0, attempts: 0, nextAttemptAt: 0,
});

describe('message views', () => {
  const me = partyKeyOf({ id: 99, participantId: 7, roleId: 2 });
  const coach = partyKeyOf({ id: 3, participantId: null, roleId: 4 });
  const msgs = Array.from({ length: 20 }, (_, i) => doc(i + 1, i === 0 ? { read: true } : {}));

  it('party keys', () => {
    expect(me).toBe('p:7');
    expect(coach).toBe('u:3');
  });
  it('pages newest first, 15 a page', () => {
    const p1 = tabPage(msgs, me, 'inbox', 1);
    expect(p1.totalItems).toBe(20);
    expect(p1.records).toHaveLength(15);
    expect(p1.records[0]?.id).toBe(20);
    expect(tabPage(msgs, me, 'inbox', 2).records).toHaveLength(5);
    expect(tabPage(msgs, me, 'inbox', 9).page).toBe(2);
    expect(tabPage(msgs, coach, 'sent', 1, 0).records).toHaveLength(20);
  });
  it('archive rows in the outbox overlay several messages at once; failed ones do not', () => {
    const rows = [row('messages.archive', { ids: [msgs[0]!.uuid, msgs[1]!.uuid, '3'] }), row('messages.archive', { ids: [msgs[4]!.uuid] }, 'failed')];
    const set = pendingArchives(rows);
    const view = withOverlay(msgs, me, set);
    expect(tabPage(view, me, 'inbox', 1).totalItems).toBe(17);
    expect(tabPage(view, me, 'archived', 1).totalItems).toBe(3);
    expect(tabPage(view, coach, 'sent', 1).totalItems).toBe(20);
    expect(unreadCount(msgs, me)).toBe(19);
    expect(unreadCount(view, me)).toBe(17);
  });
  it('threads follow parentMessage up and replies down', () => {
    const a = doc(1);
    const b = doc(2, { parentMessageId: 1, senderUserId: null, senderParticipantId: 7, recipientUserId: 3, recipientParticipantId: null });
    const c = doc(3, { parentMessageId: 2 });
    const other = doc(4);
    expect(threadOf(b, [a, b, c, other]).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(replyTarget(b, me)).toEqual({ key: 'u:3', name: 'Lotte' });
    expect(replyTarget(a, me)).toEqual({ key: 'u:3', name: 'Sanne Visser' });
    expect(recipientOfKey('p:7')).toEqual({ participantId: 7 });
  });
  it('the send write patches a new document from the input and the sender; read patches one field', () => {
    const now = '2026-01-01T00:00:00.000Z';
    const input = { uuid: '0190a0a0-0000-7000-8000-000000000001', subject: 'Re: a', body: '<p>x</p>', recipient: { userId: 3 }, parentMessageId: 1, attachmentIds: [] };
    const parsed = v.parse(messageWrites.send.input, input);
    const patch = messageWrites.send.patch!(parsed, { now, me: { userId: 99, participantId: 7, name: 'Lotte' }, recipientName: 'Sanne Visser', attachments: [] });
    expect(patch).toMatchObject({ senderParticipantId: 7, senderUserId: null, recipientUserId: 3, senderDisplay: true, createdAt: now });
    expect(messageWrites.send.document?.target(parsed)).toBe(input.uuid);
    expect(messageWrites.read.patch!({ id: 'u2' }, { now })).toEqual({ read: true, readAt: now });
    expect(v.safeParse(messageWrites.archive.input, { ids: [] }).success).toBe(false);
  });
});
