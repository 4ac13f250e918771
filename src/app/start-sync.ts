import { subscribe } from 'valtio';
import { reportError } from '../lib/error-reporting';
import { readerIdentityOf, readerKey, readerSession, type ReaderIdentity } from '../lib/replica/reader-session';
import { sessionStore } from '../lib/session/session-store';

let started = false;

/**
 * Starts the sync session (src/features/sync/sync-session.ts: worker, replica, sign-out clean-up)
 * as soon as a session is known, from the stored one on a reload, so screens read the replica at
 * once. Its code (Dexie, comlink, the replica schema) is a chunk of its own that the sign-in page
 * never loads.
 */
/**
 * Lets screens read the stored session's replica before the sync-session chunk has loaded
 * (reader-session.ts), and opens that replica at once, in parallel with the route's code: a reload
 * of a list shows rows from IndexedDB as early as possible. When the session ends the reader goes:
 * screens stop reading first (`early` null), then the reader of that replica is closed (sync-session
 * closes it too, before deleting the replica).
 */
export function followReplicaReader(): void {
  const follow = () => {
    const user = sessionStore.status === 'signed-in' ? sessionStore.user : null;
    // While impersonating, the replica's name needs the real user: until it is known, none is opened early.
    const known = sessionStore.identityChain.length === 0 || Boolean(sessionStore.realUser);
    const next: ReaderIdentity | null = user && known ? readerIdentityOf(user, sessionStore.identityChain, sessionStore.realUser) : null;
    const before = readerSession.early;
    if (readerKey(before) === readerKey(next)) return;
    readerSession.early = next;
    if (before && !next) {
      import('../lib/replica/replica-db').then((db) => db.closeReplicaReader(before), reportError);
    }
    if (next && !readerSession.stopped) {
      import('../lib/replica/replica-db').then((db) => {
        // Still the session to read (it may have ended while the chunk loaded)?
        const now = readerSession.early;
        if (readerSession.stopped || readerKey(now) !== readerKey(next)) return;
        db.openReplicaReader(next).catch(reportError);
      }, reportError);
    }
  };
  subscribe(sessionStore, follow);
  follow();
}

export function startSyncFollowingSession(): void {
  followReplicaReader();
  const start = () => {
    if (started || sessionStore.status !== 'signed-in') return;
    started = true;
    unsubscribe();
    import('../features/sync/sync-session').then(
      (module) => module.installSyncSession(),
      (error: unknown) => {
        started = false;
        reportError(error);
      },
    );
  };
  const unsubscribe = subscribe(sessionStore, start);
  start();
}
