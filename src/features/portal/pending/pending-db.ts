/**
 * Portal writes waiting to be sent, uploads included, kept in IndexedDB (one database per user and
 * company) so they survive a reload offline. The sync worker's outbox carries no file bytes, so the
 * portal keeps this small ordered queue of its own until the declared-writes framework can carry
 * a Blob (see docs/decisions-portal.md).
 */
import { Dexie, type Table } from 'dexie';
import { onSignedOut } from '../../../lib/api/session-events';
import type { PortalOp } from './operations';

export type PendingState = 'waiting' | 'sending' | 'failed';

export interface PendingWrite {
  /** uuid v7: orders the queue. */
  id: string;
  op: PortalOp;
  variables: Record<string, unknown>;
  /** The bytes of an upload (document or picture). */
  file?: Blob;
  fileName?: string;
  state: PendingState;
  /** Upload progress 0..100 while sending. */
  progress: number;
  /** The server's reason code when it refused. */
  reason?: string;
  createdAt: string;
}

class PendingDb extends Dexie {
  writes!: Table<PendingWrite, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ writes: 'id, op, state' });
  }
}

let current: { key: string; db: PendingDb } | null = null;

export function pendingDb(session: { companyId: number; userId: number }): PendingDb {
  const key = `werkpad-portal-${session.companyId}-${session.userId}`;
  if (current?.key === key) return current.db;
  current?.db.close();
  const db = new PendingDb(key);
  current = { key, db };
  return db;
}

/**
 * Sign-out deletes this user's queue when it is empty. Queued writes are kept for the user's next
 * sign-in whatever ended the session: the sign-out question does not list them, and nothing unsent
 * is deleted without the user's explicit choice (docs/decisions-auth-client.md, "Session end keeps
 * unsent work"). A session that ends on its own locks the screen and does not get here at all.
 */
onSignedOut(async () => {
  const open = current;
  if (!open) return;
  current = null;
  const waiting = await open.db.writes.count().catch(() => 0);
  if (waiting > 0) open.db.close();
  else await open.db.delete();
});
