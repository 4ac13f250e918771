/**
 * The portal's former queue (`werkpad-portal-<company>-<user>`, before issue 18 made every portal
 * write a declared write of the outbox): on the first start after the upgrade, the writes still in
 * it move into the outbox, in their order, uploads with their bytes, and the old database goes.
 * Nothing a user queued is lost or moved twice (issue 37): the tabs take turns under one Web Lock per
 * former queue; each row goes under its own id (workers/outbox/legacy-import.ts: the former row's id
 * becomes its client mutation id, and a marker says it was moved), so a second tab or a start after an
 * interrupted one finds it moved; a row that cannot be sent is handed back, kept in the outbox as
 * refused with its reason (visible in /wijzigingen), never deleted silently. When the device has no
 * room for an upload's bytes, the old database stays and the next start tries again.
 */
import { Dexie, type Table } from 'dexie';
import type { WriteName } from '../../domain/writes/registry';
import { syncApi } from '../../lib/sync-client';
import type { LegacyImportOutcome, LegacyWriteImport } from '../../../workers/outbox/legacy-import';

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

/** The lock the tabs move one former queue under: one tab at a time (beside the sync leader's own lock). */
export const legacyQueueLockName = (name: string): string => `werkpad-portal-legacy:${name}`;

/** What Web Locks this needs (navigator.locks, or a test's stand-in). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface LegacyQueueDeps {
  locks: LockManagerLike | null;
  /** Moves one row into the outbox (the worker's outbox.importLegacy). */
  importWrite: (w: LegacyWriteImport) => Promise<LegacyImportOutcome>;
}

function defaultDeps(): LegacyQueueDeps {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
  return { locks, importWrite: (w) => syncApi().outbox.importLegacy(w) };
}

let running: Promise<void> | null = null;

/** Moves the former queue's writes into the outbox (once; safe to call on every start, in every tab). */
export function migrateLegacyQueue(session: { companyId: number; userId: number; participantId: number | null }, deps: LegacyQueueDeps = defaultDeps()): Promise<void> {
  running ??= migrateLegacyQueueWith(session, deps).finally(() => {
    running = null;
  });
  return running;
}

/** One tab's migration, under the former queue's lock (a second tab waits, then finds it gone or moved). */
export function migrateLegacyQueueWith(session: { companyId: number; userId: number; participantId: number | null }, deps: LegacyQueueDeps): Promise<void> {
  const name = legacyQueueName(session);
  return deps.locks ? deps.locks.request(legacyQueueLockName(name), () => run(name, session, deps)) : run(name, session, deps);
}

async function run(name: string, session: { userId: number; participantId: number | null }, deps: LegacyQueueDeps): Promise<void> {
  if (!(await Dexie.exists(name))) return;
  const db = new Dexie(name);
  db.version(1).stores({ writes: 'id, op, state' });
  const writes: Table<LegacyWrite, string> = db.table<LegacyWrite, string>('writes');
  let complete = false;
  try {
    for (const w of await writes.orderBy('id').toArray()) {
      const write = legacyToWrite(w);
      const input = write?.input ?? record(w.variables.input ?? w.variables);
      const file = w.file ? { blob: w.file, name: w.fileName ?? 'upload' } : undefined;
      const extra = w.file ? { participantId: session.participantId ?? 0, userId: session.userId, size: w.file.size, mime: w.file.type || 'application/octet-stream' } : undefined;
      const outcome = await deps.importWrite({ id: w.id, op: w.op, name: write?.name ?? null, input, ...(file ? { file } : {}), ...(extra ? { extra } : {}) });
      // The device is full: keep the old queue for the next start.
      if (outcome.kind === 'deviceFull') return;
      // Queued, handed back as refused, or moved before: it is in the outbox; it leaves the old queue.
      await writes.delete(w.id);
    }
    complete = true;
  } finally {
    db.close();
  }
  if (complete) await Dexie.delete(name);
}
