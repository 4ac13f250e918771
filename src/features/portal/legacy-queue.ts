/**
 * The portal's former queue (`werkpad-portal-<company>-<user>`, before issue 18 made every portal
 * write a declared write of the outbox): on the first start after the upgrade, the writes still in
 * it move into the outbox, in their order, uploads with their bytes, and the old database goes.
 * Nothing a user queued is lost: when a write cannot be moved (the device is full, the worker is not
 * ready), the old database stays and the next start tries again; a write already moved is not moved
 * twice (each leaves the old queue as it enters the outbox).
 */
import { Dexie, type Table } from 'dexie';
import type { WriteName } from '../../domain/writes/registry';
import { syncApi } from '../../lib/sync-client';
import { queueFileWrite } from '../../lib/replica/queued-writes';

/** A row of the former queue, as it was stored. */
interface LegacyWrite {
  id: string;
  op: string;
  variables: Record<string, unknown>;
  file?: Blob;
  fileName?: string;
}

export const legacyQueueName = (session: { companyId: number; userId: number }): string => `werkpad-portal-${session.companyId}-${session.userId}`;

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The declared write a former queue row becomes, or null for one that can no longer be sent. */
export function legacyToWrite(w: LegacyWrite): { name: WriteName; input: Record<string, unknown> } | null {
  const input = record(w.variables.input);
  switch (w.op) {
    case 'setSettings':
      return { name: 'portal.setWidgetOrder', input: { page: w.variables.page, widgets: w.variables.widgets } };
    case 'setUserSettings':
      return { name: 'portal.setDisplaySettings', input };
    case 'setCommunicationPreferences':
      return { name: 'portal.setCommunicationPreferences', input };
    case 'setUserPicture':
      return w.file ? { name: 'portal.setPicture', input } : null;
    case 'participantAddDocument':
      return w.file ? { name: 'portal.addDocument', input } : null;
    default:
      return null;
  }
}

let running: Promise<void> | null = null;

/** Moves the former queue's writes into the outbox (once; safe to call on every start). */
export function migrateLegacyQueue(session: { companyId: number; userId: number; participantId: number | null }): Promise<void> {
  running ??= run(session).finally(() => {
    running = null;
  });
  return running;
}

async function run(session: { companyId: number; userId: number; participantId: number | null }): Promise<void> {
  const name = legacyQueueName(session);
  if (!(await Dexie.exists(name))) return;
  const db = new Dexie(name);
  db.version(1).stores({ writes: 'id, op, state' });
  const writes: Table<LegacyWrite, string> = db.table<LegacyWrite, string>('writes');
  let complete = false;
  try {
    for (const w of await writes.orderBy('id').toArray()) {
      const write = legacyToWrite(w);
      if (write && w.file) {
        const outcome = await queueFileWrite(write.name, write.input, w.file, w.fileName ?? 'upload', {
          participantId: session.participantId ?? 0,
          userId: session.userId,
          size: w.file.size,
          mime: w.file.type || 'application/octet-stream',
        });
        // The device is full: keep the old queue for the next start.
        if (!outcome.ok && outcome.reason.endsWith('deviceFull')) return;
      } else if (write) {
        // Input that no longer fits its schema cannot be sent: it is dropped; any other failure keeps the old queue.
        await syncApi()
          .outbox.enqueueMany([{ name: write.name, input: write.input }])
          .catch((error: unknown) => {
            if (!(error instanceof Error && error.name === 'InvalidWriteInput')) throw error;
          });
      }
      await writes.delete(w.id);
    }
    complete = true;
  } finally {
    db.close();
  }
  if (complete) await Dexie.delete(name);
}
