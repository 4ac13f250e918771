import type { CollectionName } from '../../src/domain/sync/collections';
import type { EnqueueInput } from '../../src/domain/sync/api-contract';

export type { EnqueueInput };
import {
  newOutboxRow,
  resolutionArgs,
  transition,
  type OutboxEvent,
  type OutboxRow,
} from '../../src/domain/sync/outbox-machine';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import type { Replica } from '../replica/db';
import { isActive, rematerialize, rowsFor, serverBase } from '../replica/documents';
import { isOperationName } from './operations';

function tables(replica: Replica, collection: CollectionName | null) {
  return collection ? [replica.outbox, replica.docs(collection)] : [replica.outbox];
}

/** Queues a write and applies it to the replica at once, marked pending, in one transaction. */
export async function enqueue(replica: Replica, input: EnqueueInput, now = Date.now()): Promise<string> {
  if (!isOperationName(input.op)) throw new Error(`Unknown outbox operation ${input.op}`);
  const row = newOutboxRow(
    {
      clientMutationId: uuidv7(now),
      op: input.op,
      args: input.args,
      collection: input.optimistic?.collection ?? null,
      target: input.optimistic?.target ?? null,
      patch: input.optimistic?.patch ?? null,
    },
    now,
  );
  await replica.dexie.transaction('rw', tables(replica, row.collection), async () => {
    if (row.collection && row.target) {
      const rows = await rowsFor(replica, row.collection, row.target);
      const base = await serverBase(replica, row.collection, row.target, rows);
      row.previous = base;
      await replica.outbox.add(row);
      await rematerialize(replica, row.collection, row.target, base, [...rows, row]);
    } else {
      await replica.outbox.add(row);
    }
  });
  return row.clientMutationId;
}

/**
 * Moves one row through the state machine and carries out its effects on the replica, in one
 * transaction: roll back (the document again as the server has it, plus the other pending rows),
 * re-apply, or drop the pending mark when the last change of a document was accepted.
 */
export async function applyEvent(
  replica: Replica,
  clientMutationId: string,
  event: OutboxEvent,
  now = Date.now(),
  random = Math.random(),
): Promise<OutboxRow | null> {
  let collection: CollectionName | null = null;
  const existing = await replica.outbox.get(clientMutationId);
  if (!existing) return null;
  collection = existing.collection;
  return replica.dexie.transaction('rw', tables(replica, collection), async () => {
    const row = await replica.outbox.get(clientMutationId);
    if (!row) return null;
    const result = transition(row, event, now, random);
    if (result.row) await replica.outbox.put(result.row);
    else await replica.outbox.delete(clientMutationId);
    if (row.collection && row.target) {
      const others = (await rowsFor(replica, row.collection, row.target)).filter((r) => r.clientMutationId !== clientMutationId);
      const activeOthers = others.filter(isActive);
      if (result.effects.includes('rollback')) {
        const base = activeOthers.find((r) => r.previous !== undefined)?.previous ?? row.previous ?? null;
        await rematerialize(replica, row.collection, row.target, base, activeOthers);
      } else if (result.effects.includes('reapply') && result.row) {
        const base = await serverBase(replica, row.collection, row.target, activeOthers);
        const revived = { ...result.row, previous: base };
        await replica.outbox.put(revived);
        const all = [...activeOthers, revived].sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
        await rematerialize(replica, row.collection, row.target, base, all);
      } else if (!result.row && activeOthers.length === 0) {
        // Accepted: keep the values until the next pull brings the server's version, without the mark.
        const table = replica.docs(row.collection);
        const doc = await table.get(row.target);
        if (doc?._pending) {
          const { _pending: _ignored, ...rest } = doc;
          await table.put(rest);
        }
      }
    }
    return result.row;
  });
}

export async function listOutbox(replica: Replica): Promise<OutboxRow[]> {
  return replica.outbox.orderBy('clientMutationId').toArray();
}

/** Resolves a conflict: the row leaves, a new row carries the chosen values on the server's revision. */
export async function resolveConflict(
  replica: Replica,
  clientMutationId: string,
  chosen: Record<string, unknown>,
  now = Date.now(),
): Promise<string> {
  const row = await replica.outbox.get(clientMutationId);
  if (!row) throw new Error('No such outbox row');
  const { args, patch } = resolutionArgs(row, chosen);
  await applyEvent(replica, clientMutationId, { type: 'discard' }, now);
  return enqueue(
    replica,
    {
      op: row.op,
      args,
      ...(row.collection && row.target ? { optimistic: { collection: row.collection, target: row.target, patch } } : {}),
    },
    now,
  );
}

/** After a restart: rows that were being sent go back to pending (the replay is safe). */
export async function recoverOutbox(replica: Replica): Promise<void> {
  const sending = await replica.outbox.where('status').equals('sending').toArray();
  for (const row of sending) await applyEvent(replica, row.clientMutationId, { type: 'recover' });
}

export async function outboxCounts(replica: Replica): Promise<{ pending: number; failed: number; conflict: number; oldestPendingAt: number | null }> {
  // Index counts, not a scan: this runs after every pushed row.
  const [pending, failed, conflict, oldest] = await Promise.all([
    replica.outbox.where('status').anyOf('pending', 'sending').count(),
    replica.outbox.where('status').equals('failed').count(),
    replica.outbox.where('status').equals('conflict').count(),
    replica.outbox.orderBy('clientMutationId').filter(isActive).first(),
  ]);
  return { pending, failed, conflict, oldestPendingAt: oldest?.createdAt ?? null };
}
