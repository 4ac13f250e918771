import type { CollectionName } from '../../src/domain/sync/collections';
import { nextToSend, type OutboxEvent, type OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PushAnswer } from '../../src/domain/sync/types';
import { PUSH_BATCH_MAX, pushDocument } from '../../src/domain/writes/push-document';
import { findWrite } from '../../src/domain/writes/registry';
import type { GraphOutcome, GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { applyEventInTransaction } from './outbox';
import { IDENTITY_MISMATCH, rowBelongsTo } from '../../src/domain/sync/row-identity';

/** The blocking code a row refused for its identity stops the worker with (the session is someone else's). */
const IDENTITY_CHANGED_CODE = 'identity_changed';
import type { UploadTransport } from '../upload-client';
import { dropOrphanFiles, fileOf, noteUploadProgress } from './files';

/** Whether the row's write carries a file (sent alone, as multipart: workers/outbox/files.ts). */
const carriesFile = (row: OutboxRow): boolean => findWrite(row.op)?.file !== undefined;

/** A row with a file goes alone; a batch of other rows stops before the first row with a file (order kept). */
function filesAlone(rows: OutboxRow[]): OutboxRow[] {
  if (rows.length > 0 && carriesFile(rows[0]!)) return rows.slice(0, 1);
  const firstFile = rows.findIndex(carriesFile);
  return firstFile < 0 ? rows : rows.slice(0, firstFile);
}

/** Sends one row with its bytes as multipart, reporting progress (every 5 %) where every tab sees it. */
async function sendWithFile<T>(replica: Replica, upload: UploadTransport, row: OutboxRow, query: string, variables: Record<string, unknown>): Promise<GraphOutcome<T> | null> {
  const file = await fileOf(replica, row.clientMutationId);
  if (!file) return null;
  let reported = -1;
  const note = (loaded: number, total: number) => {
    const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
    if (percent - reported < 5 && percent !== 100) return;
    reported = percent;
    void noteUploadProgress(replica, row.clientMutationId, { loaded, total }).catch(() => undefined);
  };
  note(0, file.size);
  return upload<T>(query, variables, { blob: file.blob, name: file.name }, note);
}

export type PushOutcome =
  | { kind: 'idle' }
  /** Nothing may go before this time (a row waits for its backoff). */
  | { kind: 'wait'; until: number }
  | { kind: 'blocked'; code: string }
  | { kind: 'offline'; error: string };

/**
 * Rows per request: mutation fields run in order on the server, each with its own answer, all in one
 * server transaction. (It was 50, above the server's alias limit of 30: every batch was refused whole
 * and its rows went one request each.)
 */
export const PUSH_BATCH = PUSH_BATCH_MAX;

/** The oldest rows that may go now, in order: stops at a row in backoff (order kept). */
async function nextBatch(replica: Replica, now: number, size: number): Promise<{ rows: OutboxRow[]; waitUntil: number | null }> {
  const candidates = await replica.outbox
    .orderBy('clientMutationId')
    // Rows made under another identity wait for a worker of theirs (row-identity.ts).
    .filter((r) => r.status !== 'failed' && r.status !== 'conflict' && rowBelongsTo(r, replica.identity))
    .limit(size)
    .toArray();
  const first = nextToSend(candidates.slice(0, 1), now);
  if (!first.row) return { rows: [], waitUntil: first.waitUntil };
  const rows: OutboxRow[] = [];
  for (const row of candidates) {
    if (row.status !== 'pending' || row.nextAttemptAt > now) break;
    rows.push(row);
  }
  return { rows, waitUntil: null };
}

/** Applies one event to each row (row i gets events[i]) in ONE transaction over the outbox and their collections. */
async function applyAll(replica: Replica, rows: readonly OutboxRow[], events: readonly OutboxEvent[], now: number, random: () => number): Promise<void> {
  const collections = [...new Set(rows.map((r) => r.collection).filter((c): c is CollectionName => c !== null))];
  await replica.dexie.transaction('rw', [replica.outbox, ...collections.map((c) => replica.docs(c))], async () => {
    for (const [i, row] of rows.entries()) await applyEventInTransaction(replica, row.clientMutationId, events[i]!, now, random());
  });
}

/**
 * A field's answer as the outbox machine takes it. Only a rule-based `success: false` is a
 * rejection; a field without an answer (the resolver threw: deadlock, dropped connection, bug) is
 * transient and goes back to pending with backoff, never rolled back.
 */
function eventOf(answer: PushAnswer | null | undefined, error: string | undefined): OutboxEvent {
  if (!answer) return { type: 'networkError', error: error ?? 'no_answer' };
  // The session is not the identity the row was made under: it waits (nothing was written), like a row of a changed session.
  if (!answer.success && answer.reason === IDENTITY_MISMATCH) return { type: 'blocked', code: IDENTITY_CHANGED_CODE };
  return { type: 'answer', answer };
}

/**
 * Pushes outbox rows in order, up to PUSH_BATCH per request, until nothing may go now. Rejections
 * and conflicts do not stop the rows behind; a transient failure (network, 5xx, a resolver that
 * threw) stops with the rows back in pending and their backoff scheduled, so order is kept; a
 * blocking catalogue code stops and reports. When the server refuses a whole request (one row's
 * input does not fit the GraphQL type), the rows go one by one, so only that row fails.
 */
export async function pushOutbox(
  replica: Replica,
  transport: GraphTransport,
  options: {
    now?: () => number;
    random?: () => number;
    onChange?: () => void;
    onSent?: (row: OutboxRow) => void;
    batch?: number;
    /** Multipart transport for rows whose write declares a file (without it they go as JSON, and the server answers that the file is missing). */
    upload?: UploadTransport;
  } = {},
): Promise<PushOutcome> {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const batch = options.batch ?? PUSH_BATCH;
  /** After a refused request: how many of its rows still go one at a time to find the bad one. */
  let single = 0;
  for (;;) {
    const next = await nextBatch(replica, now(), single > 0 ? 1 : batch);
    const rows = filesAlone(next.rows);
    const waitUntil = next.waitUntil;
    if (single > 0) single--;
    if (rows.length === 0) return waitUntil ? { kind: 'wait', until: waitUntil } : { kind: 'idle' };
    await applyAll(replica, rows, rows.map(() => ({ type: 'send' })), now(), random);
    const document = pushDocument(
      rows.map((row) => ({
        mutation: findWrite(row.op)?.mutation ?? row.op,
        input: row.args,
        clientMutationId: row.clientMutationId,
        baseRevision: row.baseRevision,
        baseValues: row.baseValues,
        identity: row.identity ?? replica.identity,
      })),
    );
    const withFile = options.upload && carriesFile(rows[0]!) ? options.upload : null;
    const outcome =
      (withFile ? await sendWithFile<Record<string, PushAnswer | null>>(replica, withFile, rows[0]!, document.query, document.variables) : null) ??
      (await transport<Record<string, PushAnswer | null>>(document.query, document.variables));
    // Once answered, an accepted row's bytes leave with it (a failed row keeps them for a retry).
    const settleFiles = async (): Promise<void> => {
      if (rows.some(carriesFile)) await dropOrphanFiles(replica).catch(() => 0);
    };
    switch (outcome.kind) {
      case 'data': {
        const events = rows.map((_row, i) => eventOf(outcome.data[`r${i}`], outcome.errors?.find((e) => e.path[0] === `r${i}`)?.message));
        for (const row of rows) options.onSent?.(row);
        await applyAll(replica, rows, events, now(), random);
        await settleFiles();
        options.onChange?.();
        const blocked = events.find((e) => e.type === 'blocked');
        if (blocked && blocked.type === 'blocked') return { kind: 'blocked', code: blocked.code };
        const transient = events.find((e) => e.type === 'networkError');
        if (transient && transient.type === 'networkError') return { kind: 'offline', error: transient.error };
        break;
      }
      case 'error':
        if (rows.length > 1) {
          // The request as a whole was refused: find the row by sending them one at a time.
          await applyAll(replica, rows, rows.map(() => ({ type: 'recover' })), now(), random);
          single = rows.length;
          continue;
        }
        options.onSent?.(rows[0]!);
        await applyAll(replica, rows, [{ type: 'answer', answer: { success: false, reason: outcome.message } }], now(), random);
        await settleFiles();
        options.onChange?.();
        break;
      case 'network':
        await applyAll(replica, rows, rows.map(() => ({ type: 'networkError', error: outcome.error })), now(), random);
        options.onChange?.();
        return { kind: 'offline', error: outcome.error };
      case 'blocked':
        await applyAll(replica, rows, rows.map(() => ({ type: 'blocked', code: outcome.code })), now(), random);
        options.onChange?.();
        return { kind: 'blocked', code: outcome.code };
    }
  }
}
