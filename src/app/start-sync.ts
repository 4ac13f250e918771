import { subscribe } from 'valtio';
import { reportError } from '../lib/error-reporting';
import { sessionStore } from './session-store';

let started = false;

/**
 * Starts the sync session (src/features/sync/sync-session.ts: worker, replica, sign-out clean-up)
 * as soon as a session is known, from the stored one on a reload, so screens read the replica at
 * once. Its code (Dexie, comlink, the replica schema) is a chunk of its own that the sign-in page
 * never loads.
 */
export function startSyncFollowingSession(): void {
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
