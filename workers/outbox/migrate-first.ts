/**
 * Outbox migrations before the first write (issue 37): every tab's worker migrates the queued rows of
 * older write versions before it accepts any write, not only the tab that leads. A save made before
 * the migration would otherwise go next to (or, before rows folded only by version, into) a row the
 * migration rewrites afterwards. The tabs take turns under one Web Lock per replica; the migration is
 * one transaction that skips rows already at their write's version, so a second tab finds nothing to do.
 */
import type { Write } from '../../src/domain/writes/define';
import { findWrite } from '../../src/domain/writes/registry';
import type { Replica } from '../replica/db';
import { migrateOutbox } from './outbox';

/** The lock the tabs of one replica migrate its outbox under (beside the sync leader's `werkpad-sync:<name>`). */
export const outboxMigrationLockName = (replicaName: string): string => `werkpad-outbox-migrate:${replicaName}`;

/** What Web Locks this needs (navigator.locks, or a test's stand-in). */
export interface LockManagerLike {
  request<T>(name: string, options: { mode?: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

function webLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

/** Migrates the outbox under the replica's migration lock; answers how many rows took the current version. */
export async function migrateBeforeWrites(
  replica: Replica,
  options: { locks?: LockManagerLike | null; lookup?: (name: string) => Write | null } = {},
): Promise<number> {
  const locks = options.locks === undefined ? webLocks() : options.locks;
  const run = () => migrateOutbox(replica, options.lookup ?? findWrite);
  return locks ? locks.request(outboxMigrationLockName(replica.dexie.name), { mode: 'exclusive' }, run) : run();
}
