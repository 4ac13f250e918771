import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxRow, OutboxStatus } from '../../domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../domain/sync/types';
import { MESSAGE_TABS, tabPage, unreadCount as recount, toView, withOverlay, type PartyKey } from '../../domain/messages/views';
import { closeReplicaReader, replicaReader, type ReplicaReader } from '../../lib/replica/replica-db';
import { rememberArchived } from './archive-memory';
import { archiveOverlay, myMessages, tabPageOf, unreadCount } from './queries';
import { withDerived } from '../../domain/sync/collections';

/** Stores a message as the worker does: with its derived index fields (unreadKey, inboxKey, ...). */
async function store(r: ReplicaReader, doc: ReplicaDocument): Promise<void> {
  await r.docs('messages').put(withDerived('messages', doc));
}

/** Changes a stored message as the worker does (a pull or an optimistic patch): derived again. */
async function change(r: ReplicaReader, uuid: string, patch: Partial<ReplicaDocument>): Promise<void> {
  const doc = await r.docs('messages').get(uuid);
  if (doc) await store(r, { ...doc, ...patch });
}

/** A small deterministic generator, so a failing seed can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ME: PartyKey = 'u:3';
const OTHERS = ['u:4', 'p:7', 'p:8'] as const;
let dbSeq = 0;

function freshReplica(): ReplicaReader {
  dbSeq++;
  return replicaReader({ companyId: 900 + dbSeq, userId: dbSeq });
}

function message(i: number, rnd: () => number): ReplicaDocument {
  const received = rnd() < 0.6;
  const other = OTHERS[Math.floor(rnd() * OTHERS.length)] ?? 'u:4';
  const [from, to] = received ? [other, ME] : [ME, other];
  const party = (k: string) => (k.startsWith('u:') ? { user: Number(k.slice(2)), participant: null } : { user: null, participant: Number(k.slice(2)) });
  return {
    uuid: `m-${String(i).padStart(4, '0')}`,
    id: i + 1,
    revision: 1,
    subject: `s${i}`,
    body: 'b',
    senderUserId: party(from).user,
    senderParticipantId: party(from).participant,
    recipientUserId: party(to).user,
    recipientParticipantId: party(to).participant,
    senderKey: from,
    recipientKey: to,
    read: rnd() < 0.5,
    display: rnd() < 0.85,
    senderDisplay: rnd() < 0.85,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  };
}

function outboxRow(i: number, op: string, args: Record<string, unknown>, status: OutboxStatus): OutboxRow {
  return {
    clientMutationId: `0190-${dbSeq}-${String(i).padStart(6, '0')}`,
    op,
    args,
    collection: null,
    target: null,
    mode: null,
    baseRevision: null,
    baseValues: null,
    conflictFields: null,
    patch: null,
    previous: null,
    status,
    error: null,
    serverDocument: null,
    createdAt: i,
    attempts: 0,
    nextAttemptAt: 0,
  };
}

/** The reference: every message of the viewer and the whole outbox, as the screens used to read them. */
async function fullRecount(r: ReplicaReader) {
  const all = (await r.docs('messages').toArray()).filter((d) => !d._deleted && (d.recipientKey === ME || d.senderKey === ME));
  const rows = await r.outbox.toArray();
  const archived = new Set<string>();
  for (const row of rows) {
    if (row.op === 'messages.archive' && (row.status === 'pending' || row.status === 'sending') && Array.isArray(row.args.ids)) {
      for (const id of row.args.ids) archived.add(String(id));
    }
  }
  return withOverlay(all.map(toView), ME, archived);
}

afterEach(() => closeReplicaReader());

describe('message queries (index ranges, outbox by keys) equal a full recount', () => {
  it.each([1, 2, 3, 4, 5])('after random operations, seed %i', async (seed) => {
    const rnd = random(seed);
    const r = freshReplica();
    const docs = Array.from({ length: 120 }, (_, i) => message(i, rnd));
    await r.docs('messages').bulkPut(docs.map((d) => withDerived('messages', d)));
    let rowSeq = 0;
    for (let step = 0; step < 60; step++) {
      const pick = docs[Math.floor(rnd() * docs.length)];
      if (!pick) continue;
      const roll = rnd();
      if (roll < 0.25) await change(r, pick.uuid, { read: !(await r.docs('messages').get(pick.uuid))?.read });
      else if (roll < 0.4) await change(r, pick.uuid, { display: false });
      else if (roll < 0.5) await change(r, pick.uuid, { _deleted: true });
      else if (roll < 0.7) {
        const status: OutboxStatus = rnd() < 0.5 ? 'pending' : rnd() < 0.5 ? 'sending' : 'failed';
        await r.outbox.put(outboxRow(rowSeq++, 'messages.archive', { ids: [pick.uuid] }, status));
      } else if (roll < 0.85) await r.outbox.put(outboxRow(rowSeq++, 'saveSyncProbe', { uuid: `p${step}`, body: 'x' }, 'pending'));
      else {
        // A row moves on (sent, refused, or gone), as the worker does.
        const rows = await r.outbox.toArray();
        const row = rows[Math.floor(rnd() * rows.length)];
        if (row) {
          if (rnd() < 0.5) await r.outbox.delete(row.clientMutationId);
          else await r.outbox.update(row.clientMutationId, { status: rnd() < 0.5 ? 'failed' : 'sending' });
        }
      }
      if (step % 10 === 9) {
        const reference = await fullRecount(r);
        expect(await unreadCount(r, ME)).toBe(recount(reference, ME));
        for (const tab of MESSAGE_TABS) {
          for (const n of [1, 2, 9]) {
            const page = await tabPageOf(r, ME, tab, n);
            const expected = tabPage(reference, ME, tab, n);
            expect(page.totalItems).toBe(expected.totalItems);
            expect(page.page).toBe(expected.page);
            expect(page.records).toEqual(expected.records);
          }
        }
        expect((await myMessages(r, ME)).length).toBe(reference.length);
      }
    }
  });

  it.each([11, 12, 13])('inbox and Verzonden pages read by index (no archive queued) equal a full recount, seed %i', async (seed) => {
    const rnd = random(seed);
    const r = freshReplica();
    const docs = Array.from({ length: 150 }, (_, i) => message(i, rnd));
    await r.docs('messages').bulkPut(docs.map((d) => withDerived('messages', d)));
    let rowSeq = 0;
    for (let step = 0; step < 80; step++) {
      const pick = docs[Math.floor(rnd() * docs.length)];
      if (!pick) continue;
      const roll = rnd();
      if (roll < 0.2) await change(r, pick.uuid, { read: !(await r.docs('messages').get(pick.uuid))?.read });
      else if (roll < 0.35) await change(r, pick.uuid, { display: rnd() < 0.7 ? false : true });
      else if (roll < 0.5) await change(r, pick.uuid, { senderDisplay: rnd() < 0.7 ? false : true });
      else if (roll < 0.6) await r.docs('messages').delete(pick.uuid);
      else if (roll < 0.7) await store(r, message(1000 + step, rnd));
      else if (roll < 0.8) await r.outbox.put(outboxRow(rowSeq++, 'saveSyncProbe', { uuid: `p${step}`, body: 'x' }, 'pending'));
      else if (roll < 0.85) await r.outbox.put(outboxRow(rowSeq++, 'messages.archive', { ids: [pick.uuid] }, 'failed'));
      if (step % 8 === 7) {
        const reference = await fullRecount(r);
        expect(await unreadCount(r, ME)).toBe(recount(reference, ME));
        for (const tab of ['inbox', 'sent'] as const) {
          for (const n of [0, 1, 2, 3, 5, 40]) {
            for (const perPage of [15, 7, 0]) {
              const page = await tabPageOf(r, ME, tab, n, perPage);
              const expected = tabPage(reference, ME, tab, n, perPage);
              expect(page.totalItems).toBe(expected.totalItems);
              expect(page.page).toBe(expected.page);
              expect(page.pageCount).toBe(expected.pageCount);
              expect(page.records).toEqual(expected.records);
            }
          }
        }
      }
    }
  });

  it('counts a message archived here as read once, until a refusal brings it back', async () => {
    const r = freshReplica();
    const unread = { ...message(1, random(9)), recipientKey: ME, senderKey: 'u:4', read: false, display: true };
    await store(r, unread);
    expect(await unreadCount(r, ME)).toBe(1);
    rememberArchived([unread.uuid]);
    await r.outbox.put(outboxRow(1, 'messages.archive', { ids: [unread.uuid] }, 'pending'));
    expect(await unreadCount(r, ME)).toBe(0);
    await r.outbox.update(outboxRow(1, '', {}, 'pending').clientMutationId, { status: 'failed' });
    expect(await unreadCount(r, ME)).toBe(1);
  });

  it('finds archive rows among many other queued writes, reading each row once', async () => {
    const r = freshReplica();
    await r.outbox.bulkPut(Array.from({ length: 300 }, (_, i) => outboxRow(i, 'saveSyncProbe', { uuid: `p${i}` }, 'pending')));
    await r.outbox.put(outboxRow(500, 'messages.archive', { ids: ['m-0001', 'm-0002'] }, 'sending'));
    const overlay = await archiveOverlay(r);
    expect([...overlay.pending].sort()).toEqual(['m-0001', 'm-0002']);
    expect(overlay.refused.size).toBe(0);
  });
});
