import type { CollectionName } from '../../src/domain/sync/collections';
import { Dexie } from 'dexie';
import { batchPicker, transition, type OutboxEvent, type OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { PushAnswer } from '../../src/domain/sync/types';
import { isPushErrorCode } from '../../src/domain/sync/push-failures';
import { PUSH_BATCH_MAX, pushDocument, REQUEST_BODY_LIMIT_BYTES, type PushItem } from '../../src/domain/writes/push-document';
import { findWrite } from '../../src/domain/writes/registry';
import type { FieldError, GraphOutcome, GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { applyEventInTransaction, pushItemBytes, pushItemOf } from './outbox';
import { IDENTITY_MISMATCH, rowBelongsTo } from '../../src/domain/sync/row-identity';
import type { UploadTransport } from '../upload-client';
import { dropOrphanFiles, fileOf, noteUploadProgress } from './files';
import { migratedForSending, refusalOf, tooLargeRefusal, type Refusal } from './send-checks';
import { PAYLOAD_TOO_LARGE } from '../../src/domain/sync/push-failures';
import { UPGRADE_REQUIRED } from '../../src/domain/sync/write-checks';

/** The blocking code a row refused for its identity stops the worker with (the session is someone else's). */
const IDENTITY_CHANGED_CODE = 'identity_changed';

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

/** Room in one request for the rows' variables: the body limit less the query text and headroom. */
const BATCH_BYTES = REQUEST_BODY_LIMIT_BYTES - 64 * 1024;

/**
 * The rows that may go now (batchPicker: order per document, rows the server failed on hold only
 * their document), read, marked sending and serialised in ONE transaction over the outbox: what
 * is sent is exactly what was marked. A later edit cannot fold into a row once it was read for
 * sending (coalesce only folds into pending rows never sent), and a sending row cannot be
 * discarded, so the request and the rows it answers stay the same until the answer is applied.
 */
async function takeBatch(
  replica: Replica,
  now: number,
  size: number,
): Promise<{ rows: OutboxRow[]; items: PushItem[]; waitUntil: number | null; refused: { row: OutboxRow; refusal: Refusal }[] }> {
  return replica.dexie.transaction('rw', replica.outbox, async () => {
    const picker = batchPicker(now, size, { sizeOf: pushItemBytes, maxBytes: BATCH_BYTES });
    if ((await replica.outbox.where('status').equals('sending').count()) > 0) return { rows: [], items: [], waitUntil: null, refused: [] };
    // Failed rows are few: merged into the pending range in id order (a failed row holds only the rows after it).
    const failed = (await replica.outbox.where('status').equals('failed').filter((r) => rowBelongsTo(r, replica.identity)).toArray()).sort((a, b) => (a.clientMutationId < b.clientMutationId ? -1 : 1));
    let f = 0;
    await replica.outbox
      .where('[status+clientMutationId]')
      .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
      .until(() => picker.done)
      .each((row) => {
        while (f < failed.length && failed[f]!.clientMutationId < row.clientMutationId) picker.visit(failed[f++]!);
        // Rows made under another identity wait for a worker of theirs (row-identity.ts): they hold nothing back.
        if (rowBelongsTo(row, replica.identity)) picker.visit(row);
      });
    const { rows: all, waitUntil } = picker.result();
    // A row with a file goes alone, as multipart; other rows stop before it (order kept).
    const picked = filesAlone(all);
    const rows: OutboxRow[] = [];
    const refused: { row: OutboxRow; refusal: Refusal }[] = [];
    for (const row of picked) {
      // Checked as it goes (send-checks.ts): migrated to its write's version, its schema, its size.
      const marked = transition(migratedForSending(row), { type: 'send' }, now).row!;
      await replica.outbox.put(marked);
      const refusal = refusalOf(marked);
      if (refusal) refused.push({ row: marked, refusal });
      else rows.push(marked);
    }
    return { rows, items: rows.map((row) => ({ ...pushItemOf(row), identity: row.identity ?? replica.identity })), waitUntil, refused };
  });
}

/** A refusal on the device as the outbox machine takes a server's refusal. */
const refusalEvent = (refusal: Refusal): OutboxEvent => ({ type: 'answer', answer: { success: false, reason: refusal.reason, params: refusal.params, conflict: null } });

/** Applies one event to each row (row i gets events[i]) in ONE transaction over the outbox and their collections. */
async function applyAll(replica: Replica, rows: readonly OutboxRow[], events: readonly OutboxEvent[], now: number, random: () => number): Promise<void> {
  const collections = [...new Set(rows.map((r) => r.collection).filter((c): c is CollectionName => c !== null))];
  await replica.dexie.transaction('rw', [replica.outbox, ...collections.map((c) => replica.docs(c))], async () => {
    for (const [i, row] of rows.entries()) await applyEventInTransaction(replica, row.clientMutationId, events[i]!, now, random());
  });
}

/**
 * A field's answer as the outbox machine takes it (the server's failure classes, see
 * src/domain/sync/push-failures.ts): a refusal `success: false` with a reason of the write is final; with
 * the reason `internal_error` the write threw something that is not known to pass (a bug, a row the
 * server cannot handle): an error, retried a few times with backoff, then the row fails while the
 * other documents go on (outbox-machine.ts, serverError). A field without an answer (the resolver
 * threw a transient failure: deadlock, serialization failure, lost connection, timeout; or the
 * request's transaction did not commit) goes back to pending with backoff, never rolled back, order kept.
 */
function eventOf(answer: PushAnswer | null | undefined, error: FieldError | undefined): OutboxEvent {
  // Made with a write version the server does not take: the row waits on the device for the app's update.
  if (answer && !answer.success && answer.reason === UPGRADE_REQUIRED) return { type: 'blocked', code: UPGRADE_REQUIRED };
  // The session is not the identity the row was made under: it waits (nothing was written), like a row of a changed session.
  if (answer && !answer.success && answer.reason === IDENTITY_MISMATCH) return { type: 'blocked', code: IDENTITY_CHANGED_CODE };
  if (answer && !answer.success && isPushErrorCode(answer.reason)) return { type: 'serverError', code: answer.reason };
  if (answer) return { type: 'answer', answer };
  // The request was answered and only this row failed transiently: counted against the row (error mode, issue 37).
  return { type: 'networkError', error: error?.message ?? 'no_answer', answered: true };
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
    /** The rows of a request, as marked sending, before it goes (tests act "during the push" here). */
    onTaken?: (rows: readonly OutboxRow[]) => void;
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
    const { rows, items, waitUntil, refused } = await takeBatch(replica, now(), single > 0 ? 1 : batch);
    if (single > 0) single--;
    if (refused.length > 0) {
      // Never sent: refused on the device, with the reason the server would give (no request, no 413).
      const refusedRows = refused.map((r) => r.row);
      await applyAll(replica, refusedRows, refused.map(({ refusal }) => refusalEvent(refusal)), now(), random);
      options.onChange?.();
      if (rows.length === 0) continue;
    }
    if (rows.length === 0) return waitUntil ? { kind: 'wait', until: waitUntil } : { kind: 'idle' };
    options.onTaken?.(rows);
    const document = pushDocument(items);
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
        const events = rows.map((_row, i) => eventOf(outcome.data[`r${i}`], outcome.errors?.find((e) => e.path[0] === `r${i}`)));
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
        // A 413 is the row's size, said with what to shorten (never the server's sentence).
        await applyAll(replica, rows, [outcome.code === PAYLOAD_TOO_LARGE ? refusalEvent(tooLargeRefusal(rows[0]!)) : { type: 'answer', answer: { success: false, reason: outcome.message } }], now(), random);
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
