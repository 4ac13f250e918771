/**
 * The portal's pending writes: queue (stored at once, so offline and reload keep them), then sent
 * in order whenever the page is online. An accepted write leaves the queue after the replica pulled
 * its effect; a refused one stays, marked with the server's reason, until the user retries or removes it.
 */
import { uuidv7 } from '../../../domain/sync/uuid-v7';
import { syncApi, syncStore } from '../../../lib/sync-client';
import { toast } from '../../../lib/ui/toasts';
import { PORTAL_OPS, type PortalOp } from './operations';
import { pendingDb, type PendingWrite } from './pending-db';
import { sendWrite } from './send';

type Session = { companyId: number; userId: number };

function session(): Session | null {
  const s = syncStore.session;
  return s ? { companyId: s.companyId, userId: s.userId } : null;
}

/** Told once per refusal, in the user's language (set by the portal's hook). */
let describeRefusal: (reason: string) => string = (reason) => reason;
export function setRefusalText(fn: (reason: string) => string): void {
  describeRefusal = fn;
}

let running = false;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let backoff = 2_000;

function scheduleRetry(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flush();
  }, backoff);
  backoff = Math.min(backoff * 2, 60_000);
}

/** Sends what waits, in order; safe to call often (one run at a time). */
export async function flush(): Promise<void> {
  const s = session();
  if (!s) return;
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      const db = pendingDb(s);
      for (;;) {
        if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
        const next = (await db.writes.orderBy('id').toArray()).find((w) => w.state !== 'failed');
        if (!next) break;
        await db.writes.update(next.id, { state: 'sending', progress: 0 });
        let last = 0;
        const outcome = await sendWrite(next, (percent) => {
          if (percent - last >= 5 || percent === 100) {
            last = percent;
            void db.writes.update(next.id, { progress: percent });
          }
        });
        if (outcome.kind === 'retry') {
          await db.writes.update(next.id, { state: 'waiting', progress: 0 });
          scheduleRetry();
          return;
        }
        backoff = 2_000;
        if (outcome.kind === 'refused') {
          await db.writes.update(next.id, { state: 'failed', reason: outcome.reason, progress: 0 });
          toast(describeRefusal(outcome.reason), { kind: 'error' });
          continue;
        }
        // Accepted: let the replica catch up before the optimistic copy goes, so nothing flickers.
        await syncApi()
          .sync.pullNow([...PORTAL_OPS[next.op].pull])
          .catch(() => undefined);
        await db.writes.delete(next.id);
      }
    } while (again);
  } finally {
    running = false;
  }
}

let wired = false;
/** Starts sending on `online` (and now). Idempotent. */
export function startPortalQueue(): void {
  if (!wired && typeof window !== 'undefined') {
    wired = true;
    window.addEventListener('online', () => {
      backoff = 2_000;
      void flush();
    });
  }
  void flush();
}

/** Queues a write; answers its id. The caller shows the optimistic change from the queue. */
export async function queueWrite(op: PortalOp, variables: Record<string, unknown>, file?: { blob: Blob; name: string }): Promise<string> {
  const s = session();
  if (!s) throw new Error('Not signed in');
  const write: PendingWrite = {
    id: uuidv7(),
    op,
    variables,
    state: 'waiting',
    progress: 0,
    createdAt: new Date().toISOString(),
    ...(file ? { file: file.blob, fileName: file.name } : {}),
  };
  await pendingDb(s).writes.add(write);
  void flush();
  return write.id;
}

export async function retryWrite(id: string): Promise<void> {
  const s = session();
  if (!s) return;
  await pendingDb(s).writes.update(id, { state: 'waiting', reason: undefined });
  void flush();
}

export async function removeWrite(id: string): Promise<void> {
  const s = session();
  if (!s) return;
  await pendingDb(s).writes.delete(id);
}

export function pendingSession(): Session | null {
  return session();
}
