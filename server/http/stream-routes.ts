import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { recheckRequest } from '../auth/authenticate';
import { declare } from './route-rules';
import { changeHub, sessionHub } from '../sync/changes';
import { ensureSyncTriggersOnce } from '../sync/triggers';

export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/v2/stream: server-sent pokes when something in the viewer's company changed
 * (`event: poke`, data: {"collections": [...]}); the client then pulls, and the pull applies the
 * scope. A message pokes only the streams of its sender and recipient (the messages scope). A heartbeat comment every 25 s keeps proxies from closing the connection.
 *
 * The stream ends when its session is logged out or revoked (NOTIFY from 006_sync_pull.sql, any
 * server process), and at each heartbeat the request is authenticated again (expiry, a blocked
 * user, an ended impersonation): a stream never outlives the right to read it.
 */
export function mountStream(app: Hono, db: Db, config: Config, heartbeatMs = Number(process.env.WERKPAD_STREAM_HEARTBEAT_MS) || HEARTBEAT_MS): void {
  declare(app, { db, config }, { method: 'GET', path: '/api/v2/stream', access: 'authenticated', scope: 'own' }, async (c, { viewer, session }) => {
    const auth = { viewer, session };
    await ensureSyncTriggersOnce(db);
    const companyId = auth.viewer.companyId;
    let wake: (() => void) | null = null;
    let ended = false;
    const queue: string[][] = [];
    const unsubscribe = await changeHub(db).subscribe(
      companyId,
      (collections) => {
        queue.push(collections);
        wake?.();
      },
      // A message pokes only its sender's and recipient's streams (their scope), not the whole company's.
      { userId: auth.viewer.userId, participantId: auth.viewer.participantId },
    );
    const unwatch = await sessionHub(db)
      .watch(auth.session.id, () => {
        ended = true;
        wake?.();
      })
      .catch((err: unknown) => {
        unsubscribe();
        throw err;
      });
    const request = c.req.raw;
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => wake?.());
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed && !ended) {
          const batch = queue.splice(0);
          if (batch.length > 0) {
            const collections = [...new Set(batch.flat())];
            await stream.writeSSE({ event: 'poke', data: JSON.stringify({ collections }) });
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, heartbeatMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
          if (ended) break;
          if (queue.length === 0 && !stream.aborted) {
            // From the database, not the request's memo or the session cache; the session is not extended by it.
            const again = await recheckRequest(db, request).catch(() => null);
            if (again?.kind !== 'viewer' || again.session.id !== auth.session.id || again.viewer.userId !== auth.viewer.userId) {
              ended = true;
              break;
            }
            await stream.write(': heartbeat\n\n');
          }
        }
        if (ended && !stream.aborted) await stream.writeSSE({ event: 'ended', data: JSON.stringify({ code: 'token_expired' }) }).catch(() => undefined);
      } finally {
        unsubscribe();
        unwatch();
      }
    });
  });
}
