/**
 * The outbox counts, kept incrementally (issue 9): a Dexie DBCore middleware sees every write to the
 * outbox table, reads the old status of the rows it touches (those rows only), and adds the
 * difference to one row of the meta table (`outboxCounts`), in the same IndexedDB transaction. So
 * the counts are exact whoever writes (every tab's worker writes the shared outbox), survive a
 * restart, and reading them is one row, never the outbox. Any read-write transaction over the outbox
 * includes the meta store underneath (the middleware adds it), so callers need not name it.
 */
import { Dexie, type DBCore, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import { OUTBOX_COUNTS_KEY, emptyOutboxCounts, type OutboxCounts } from '../../src/domain/sync/replica-schema';
import type { OutboxRow, OutboxStatus } from '../../src/domain/sync/outbox-machine';

export { OUTBOX_COUNTS_KEY, emptyOutboxCounts, type OutboxCounts };

/**
 * Dexie's zone (PSD): the middlewares below this one read the current transaction from it when a
 * request arrives, and an `await` in between leaves it. Each call down runs in the zone the request
 * came in with. (Dexie.Promise carries PSD and usePSD at run time; its types do not declare them.)
 */
const zone = Dexie.Promise as unknown as { PSD: unknown; usePSD: <T>(psd: unknown, fn: () => T) => T };

const OUTBOX = 'outbox';
const META = 'meta';

function isStatus(value: unknown): value is OutboxStatus {
  return value === 'pending' || value === 'sending' || value === 'failed' || value === 'conflict';
}

function statusOf(row: unknown): OutboxStatus | null {
  const status = row && typeof row === 'object' ? (row as Partial<OutboxRow>).status : undefined;
  return isStatus(status) ? status : null;
}

function keyOf(row: unknown): string | undefined {
  const key = row && typeof row === 'object' ? (row as Partial<OutboxRow>).clientMutationId : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** Adds `by` to the count of `status` (a missing status changes nothing). */
function add(into: OutboxCounts, status: OutboxStatus | null, by: number): void {
  if (status) into[status] += by;
}

function isZero(d: OutboxCounts): boolean {
  return d.pending === 0 && d.sending === 0 && d.failed === 0 && d.conflict === 0;
}

/** The row's counts from the stored meta value; anything unreadable counts as empty. */
export function countsFrom(value: unknown): OutboxCounts {
  const v = value && typeof value === 'object' ? (value as Partial<Record<OutboxStatus, unknown>>) : {};
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return { pending: n(v.pending), sending: n(v.sending), failed: n(v.failed), conflict: n(v.conflict) };
}

async function oldStatuses(table: DBCoreTable, trans: DBCoreTransaction, keys: readonly unknown[]): Promise<(OutboxStatus | null)[]> {
  if (keys.length === 0) return [];
  const rows = await table.getMany({ trans, keys: [...keys] });
  return rows.map(statusOf);
}

/** The status change a mutation makes: old rows out, new rows in (failed items left out). */
function deltaOf(req: DBCoreMutateRequest, res: DBCoreMutateResponse, before: readonly (OutboxStatus | null)[]): OutboxCounts {
  const delta = emptyOutboxCounts();
  const failed = (i: number) => Object.hasOwn(res.failures, i);
  switch (req.type) {
    case 'add':
      req.values.forEach((value, i) => {
        if (!failed(i)) add(delta, statusOf(value), 1);
      });
      break;
    case 'put':
      req.values.forEach((value, i) => {
        const old = before[i] ?? null;
        // An update-only put (upsert: false) of a missing row writes nothing.
        if (failed(i) || (req.upsert === false && old === null)) return;
        add(delta, old, -1);
        add(delta, statusOf(value), 1);
      });
      break;
    case 'delete':
    case 'deleteRange':
      for (const status of before) add(delta, status, -1);
      break;
  }
  return delta;
}

/** Keys a put or delete touches (inbound keys: from the values when the request has none). */
function keysOf(req: DBCoreMutateRequest): unknown[] {
  if (req.type === 'delete') return (req.keys as readonly unknown[]).slice();
  if (req.type === 'put') return req.keys ? (req.keys as readonly unknown[]).slice() : req.values.map(keyOf);
  return [];
}

function outboxCountsMiddleware(core: DBCore): DBCore {
  return {
    ...core,
    transaction(stores, mode, options) {
      // A write to the outbox writes its counts row too: the meta store joins every such transaction.
      const withMeta = mode === 'readwrite' && stores.includes(OUTBOX) && !stores.includes(META) ? [...stores, META] : stores;
      return core.transaction(withMeta, mode, options);
    },
    table(name) {
      const table = core.table(name);
      if (name !== OUTBOX) return table;
      const meta = core.table(META);
      return {
        ...table,
        mutate(req) {
          // A Dexie promise made in the caller's zone: a native async chain here would leave the
          // zone of a caller that awaits natively inside a transaction (PrematureCommitError).
          return new Dexie.Promise<DBCoreMutateResponse>((resolve, reject) => {
            countedMutate(req).then(resolve, reject);
          });
        },
      };
      async function countedMutate(req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
        const psd = zone.PSD;
        const down = <T>(fn: () => T): T => zone.usePSD(psd, fn);
        let before: (OutboxStatus | null)[];
        if (req.type === 'deleteRange') {
          const rows = await down(() => table.query({ trans: req.trans, query: { index: table.schema.primaryKey, range: req.range }, values: true }));
          before = rows.result.map(statusOf);
        } else {
          before = await down(() => oldStatuses(table, req.trans, keysOf(req)));
        }
        const res = await down(() => table.mutate(req));
        const delta = deltaOf(req, res, before);
        if (isZero(delta)) return res;
        const row = (await down(() => meta.get({ trans: req.trans, key: OUTBOX_COUNTS_KEY }))) as { value?: unknown } | undefined;
        const stored = countsFrom(row?.value);
        const next: OutboxCounts = {
          pending: stored.pending + delta.pending,
          sending: stored.sending + delta.sending,
          failed: stored.failed + delta.failed,
          conflict: stored.conflict + delta.conflict,
        };
        await down(() => meta.mutate({ type: 'put', trans: req.trans, values: [{ key: OUTBOX_COUNTS_KEY, value: next }] }));
        return res;
      }
    },
  };
}

const middleware: Middleware<DBCore> = { stack: 'dbcore', name: 'OutboxCounts', create: outboxCountsMiddleware };

/** Installs the counting on a Dexie instance before it opens (the worker's replica: workers/replica/db.ts). */
export function keepOutboxCounts(dexie: Dexie): void {
  dexie.use(middleware);
}
