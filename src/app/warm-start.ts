import type { AnyRouter } from '@tanstack/react-router';
import { loadTexts } from '../i18n/i18n';
import { reportError } from '../lib/error-reporting';
import { readerSession } from '../lib/replica/reader-session';

/**
 * The offline start after a browser restart (issue 25): while the unlock form waits for the password,
 * everything the first screen after it needs and that reveals nothing is made ready, so the time
 * from "Openen" to the first row is the password check plus a render, not a chain of downloads:
 * - the code of the route the user was going to (its layouts' and its own chunks), the signed-in
 *   shell's texts and the replica reader's code (Dexie);
 * - the user's replica database opened (its schema, no rows read: nothing is read or shown before the
 *   password is right; the replica is the same IndexedDB the app reads after unlocking);
 * - the sync worker's script loaded and started (it holds no session and does nothing until the
 *   unlock starts the sync; docs/decisions-client-speed.md "Offline start").
 * The form never waits for any of it: each part starts after the next frame and its failure is only
 * reported (the unlock then loads what it needs as before).
 */
export function warmOfflineStart(router: AnyRouter, href: string, replica: { companyId: number; userId: number } | null): void {
  const later = (run: () => Promise<unknown>) => {
    // After the form has painted: the work below must not delay the first frame of the unlock form.
    const start = () => void run().catch(reportError);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(start, 0));
    else setTimeout(start, 0);
  };
  later(() => loadTexts());
  later(() => loadRouteCode(router, href));
  if (replica) later(() => openReplicaEarly(replica));
  later(() => import('../lib/sync-client').then(({ syncApi }) => syncApi()));
  later(() => import('../features/sync/sync-session'));
}

/** Loads the chunks of every route `href` matches (layouts included), without running their guards. */
export async function loadRouteCode(router: AnyRouter, href: string): Promise<void> {
  const pathname = new URL(href, 'http://local').pathname;
  const [matchedRoutes] = router.getMatchedRoutes(pathname);
  await Promise.all(matchedRoutes.map((route) => Promise.resolve(router.loadRouteChunk(route))));
}

/** Opens the replica of the user the form is for, when it exists (opening creates nothing then, and reads no rows). */
async function openReplicaEarly(replica: { companyId: number; userId: number }): Promise<void> {
  const [{ Dexie }, { replicaName }, db] = await Promise.all([import('dexie'), import('../domain/sync/replica-schema'), import('../lib/replica/replica-db')]);
  // A session opened meanwhile (the password was quick) opens its own reader: leave it alone.
  if (readerSession.early) return;
  if (!(await Dexie.exists(replicaName(replica)))) return;
  if (readerSession.early) return;
  await db.openReplicaReader(replica);
}
