import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authenticateRequest } from '../auth/authenticate';
import { changeHub } from '../sync/changes';
import { ensureSyncTriggersOnce } from '../sync/triggers';

export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/v2/stream: server-sent pokes when something in the viewer's company changed
 * (`event: poke`, data: {"collections": [...]}); the client then pulls, and the pull applies the
 * scope. A heartbeat comment every 25 s keeps proxies from closing the connection.
 */
export function mountStream(app: Hono, db: Db, _config: Config, heartbeatMs = HEARTBEAT_MS): void {
  app.get('/api/v2/stream', async (c) => {
    const auth = await authenticateRequest(db, c.req.raw);
    if (auth.kind !== 'viewer') {
      const code = 'code' in auth ? auth.code : 'no_current_user';
      return c.json({ errors: [{ message: code, extensions: { code } }] }, 401);
    }
    await ensureSyncTriggersOnce(db);
    const companyId = auth.viewer.companyId;
    let wake: (() => void) | null = null;
    const queue: string[][] = [];
    const unsubscribe = await changeHub(db).subscribe(companyId, (collections) => {
      queue.push(collections);
      wake?.();
    });
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => wake?.());
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
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
          if (queue.length === 0 && !stream.aborted) await stream.write(': heartbeat\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });
}
