/**
 * The kept counts (issue 9): the outbox counts row (workers/replica/outbox-counts.ts, kept on every
 * outbox write) and the unread index (derived unreadKey, kept on every pull and optimistic change;
 * the badge counts its keys, src/features/messages/queries.test.ts checks that query)
 * equal a full recount after random enqueues, answers, retries, discards, receipts and reads, done
 * through the worker's own code paths.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyEvent, enqueue, enqueueMany, outboxCounts, recoverOutbox, resolveConflict, storedOutboxCounts } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import { applyPullPage } from '../replica/documents';
import { countOutbox } from '../../src/domain/sync/replica-schema';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import type { PushAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import type { Replica } from '../replica/db';

/** A small deterministic generator, so a failing seed can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ME = 'u:3';

/** Every row read: what the kept counts must equal. */
async function recount(replica: Replica) {
  const rows = (await replica.outbox.toArray()).sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
  const active = rows.filter((r) => r.status === 'pending' || r.status === 'sending');
  const messages = await replica.docs('messages').toArray();
  return {
    byStatus: countOutbox(rows),
    oldestPendingAt: active[0]?.createdAt ?? null,
    unread: messages.filter((m) => m.recipientKey === ME && m.read === false && m.display !== false && !m._deleted).length,
  };
}

function message(uuid: string, id: number, rnd: () => number, at: number): ReplicaDocument {
  const received = rnd() < 0.7;
  return {
    uuid,
    id,
    revision: 1,
    subject: `onderwerp ${id}`,
    body: 'tekst',
    senderUserId: received ? 4 : 3,
    senderParticipantId: null,
    recipientUserId: received ? 3 : 4,
    recipientParticipantId: null,
    read: rnd() < 0.5,
    display: rnd() < 0.9,
    senderDisplay: true,
    createdAt: new Date(at).toISOString(),
  };
}

describe('kept counts equal a full recount', () => {
  it.each([1, 2, 3, 4, 5, 6])('after random operations, seed %i', async (seed) => {
    const rnd = random(seed);
    const replica = testReplica();
    const ids = createUuidV7();
    let clock = Date.UTC(2026, 0, 1);
    const now = () => clock;
    const probes: string[] = [];
    const messages: string[] = [];
    let seq = 0;
    let messageId = 0;
    const seen = { pending: false, failed: false, conflict: false, unread: false };

    const answerOf = (row: { op: string; args: Record<string, unknown> }): PushAnswer | null | { kind: 'network' } => {
      const roll = rnd();
      if (roll < 0.55) return { success: true, reason: null, conflict: null, revision: 2 };
      if (roll < 0.7) return { success: false, reason: 'sync.errors.bodyTooLong', conflict: null };
      if (roll < 0.8 && row.op === 'saveSyncProbe') {
        const uuid = String(row.args.uuid);
        return { success: false, reason: 'conflict', conflict: { serverDocument: { uuid, id: 1, body: 'server', title: '', counter: 0, revision: 9 }, fields: ['body'] } };
      }
      if (roll < 0.9) return null;
      return { kind: 'network' };
    };

    for (let step = 0; step < 120; step++) {
      clock += 1000;
      const roll = rnd();
      if (roll < 0.25) {
        // Enqueue: a new probe, an edit of one, a counter, or several at once.
        const n = rnd() < 0.3 ? 1 + Math.floor(rnd() * 5) : 1;
        const writes = Array.from({ length: n }, () => {
          if (probes.length === 0 || rnd() < 0.4) {
            const uuid = ids(clock + probes.length);
            probes.push(uuid);
            return { name: 'probes.save', input: { uuid, body: `nieuw ${step}` } };
          }
          const uuid = probes[Math.floor(rnd() * probes.length)]!;
          return rnd() < 0.5 ? { name: 'probes.save', input: { uuid, body: `bewerkt ${step}` } } : { name: 'probes.bump', input: { uuid, delta: 1 } };
        });
        await enqueueMany(replica, writes, clock);
      } else if (roll < 0.45) {
        // Push: random answers per row (accepted, refused, conflict, thrown), or the network fails.
        await pushOutbox(replica, pushTransport(answerOf), { now, random: rnd, batch: 1 + Math.floor(rnd() * 6) });
        clock += 120_000; // past any backoff
      } else if (roll < 0.55) {
        // Retry or discard a failed or conflicting row; resolve a conflict.
        const stuck = await replica.outbox.where('status').anyOf('failed', 'conflict').toArray();
        const row = stuck[Math.floor(rnd() * stuck.length)];
        if (row) {
          const pick = rnd();
          if (row.status === 'conflict' && pick < 0.3) await resolveConflict(replica, row.clientMutationId, { body: 'gekozen' }, clock);
          else await applyEvent(replica, row.clientMutationId, { type: pick < 0.65 ? 'retry' : 'discard' }, clock, rnd());
        }
      } else if (roll < 0.6) {
        // The worker restarted with rows on the wire.
        const pending = await replica.outbox.where('status').equals('pending').primaryKeys();
        for (const id of pending.slice(0, 2)) await applyEvent(replica, id, { type: 'send' }, clock, rnd());
        await recoverOutbox(replica);
      } else if (roll < 0.8) {
        // Receive: a pull page of new and changed messages (read elsewhere, hidden, deleted).
        const docs: ReplicaDocument[] = [];
        for (let i = 0; i < 1 + Math.floor(rnd() * 6); i++) {
          if (messages.length > 0 && rnd() < 0.4) {
            const uuid = messages[Math.floor(rnd() * messages.length)]!;
            const current = await replica.docs('messages').get(uuid);
            if (!current) continue;
            const change = rnd();
            const { _pending: _p, unreadKey: _u, inboxKey: _i, sentKey: _s, recipientKey: _r, senderKey: _k, ...server } = current;
            if (change < 0.15) docs.push({ uuid, id: current.id, revision: Number(current.revision) + 1, _deleted: true });
            else docs.push({ ...server, revision: Number(current.revision) + 1, read: change < 0.6, display: change < 0.9 });
          } else {
            const uuid = ids(clock + 500 + i);
            messages.push(uuid);
            docs.push(message(uuid, ++messageId, rnd, clock));
          }
        }
        await applyPullPage(replica, 'messages', { documents: docs, checkpoint: { seq: ++seq, scopeKey: null }, reset: false, hasMore: false }, clock);
      } else {
        // Read or unread a received message (optimistic: the unread index follows at once).
        const received = (await replica.docs('messages').toArray()).filter((m) => m.recipientKey === ME && !m._deleted);
        const pick = received[Math.floor(rnd() * received.length)];
        if (pick) await enqueue(replica, pick.read === false ? 'messages.read' : 'messages.unread', { id: pick.uuid }, undefined, clock);
      }

      const expected = await recount(replica);
      expect(await storedOutboxCounts(replica)).toEqual(expected.byStatus);
      const counts = await outboxCounts(replica);
      expect(counts).toEqual({
        pending: expected.byStatus.pending + expected.byStatus.sending,
        failed: expected.byStatus.failed,
        conflict: expected.byStatus.conflict,
        oldestPendingAt: expected.oldestPendingAt,
      });
      // The badge's count (src/features/messages/queries.ts unreadCount): the unread index's keys.
      expect(await replica.docs('messages').where('unreadKey').equals(ME).count()).toBe(expected.unread);
      seen.pending ||= counts.pending > 0;
      seen.failed ||= counts.failed > 0;
      seen.conflict ||= counts.conflict > 0;
      seen.unread ||= expected.unread > 0;
    }
    // The run went through every kind of count (so the comparisons above compared something).
    expect(seen).toEqual({ pending: true, failed: true, conflict: true, unread: true });
  });
});
