/**
 * The pull's page: one collection's documents changed after a checkpoint, built in SQL or
 * JavaScript, and the signed checkpoint that follows them (pull-env.ts: the rest; split in issue 44).
 */
import type { Viewer } from '../auth/viewer';
import type { Queryable } from '../db/db';
import { join, raw, run, sql } from '../db/sql';
import type { Checkpoint, PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import type { ServerCollection } from './registry';
import { camelCase, documentSql, tableColumns } from './document';
import { fieldExpression } from './field-rules';
import { RawJsonItems } from '../graph/raw-json';
import { peekClaims, signCheckpoint, SYNC_TOKEN_MS, verifyCheckpoint, type CheckpointClaims } from './checkpoint';
import { scopeKey, type PullEnv, type PulledRow } from './pull-env';

export const DEFAULT_PULL_LIMIT = 500;
/** Rows per collection and page at most; the byte budget usually ends a page first. */
export const MAX_PULL_LIMIT = 10_000;
/** The JSON size a page of one collection aims at (documents are cut after the first that passes it). */
export const DEFAULT_PAGE_BYTES = 2_000_000;
export const MAX_PAGE_BYTES = 8_000_000;

/** Average document size per table, learnt from earlier pages, to size the next page's LIMIT. */
const averageBytes = new Map<string, number>();

const SAFE_COLUMN = /^[a-z_][a-z0-9_]*$/;
const INTERNAL_COLUMNS = new Set(['change_seq', 'deleted_at']);

/** The replicated columns of a table, each with the viewer's field rule applied, under its own name. */
function columnsSql(collection: ServerCollection, columns: readonly { name: string }[], viewer: Viewer) {
  const parts = columns
    .filter((c) => !INTERNAL_COLUMNS.has(c.name) && !collection.omit.includes(c.name))
    .map((c) => {
      if (!SAFE_COLUMN.test(c.name)) throw new Error(`Unsafe column ${collection.table}.${c.name}`);
      return sql`${fieldExpression(collection.table, c.name, viewer, 't', raw(`t.${c.name}`))} AS ${raw(c.name)}`;
    });
  return join(parts, ', ');
}

/** Column name -> its document key (camelCase), computed once per column instead of once per row and column. */
const documentKeys = new Map<string, string>();
function documentKey(column: string): string {
  let key = documentKeys.get(column);
  if (key === undefined) documentKeys.set(column, (key = camelCase(column)));
  return key;
}

/** rowToDocument for a row of columnsSql, with its approximate JSON size. */
function columnsToDocument(row: Record<string, unknown>): { doc: ReplicaDocument; bytes: number } {
  const doc: Record<string, unknown> = {};
  let bytes = 16;
  for (const column in row) {
    if (column.charCodeAt(0) === 95 /* _ */) continue;
    let v = row[column];
    if (v instanceof Date) v = v.toISOString();
    doc[documentKey(column)] = v;
    bytes += column.length + 4 + (typeof v === 'string' ? v.length + 2 : v !== null && typeof v === 'object' ? JSON.stringify(v).length : 6);
  }
  doc._deleted = false;
  doc.uuid = String(row._uuid);
  return { doc: doc as ReplicaDocument, bytes };
}
export interface PullOptions {
  limit: number;
  maxBytes?: number;
  /** Where documents are built: 'sql' (PostgreSQL) or 'js' (PGlite). */
  build?: 'sql' | 'js';
}

/**
 * A pull page as the graph answers it (pullCollectionText): `documents` is the list the answer's
 * field holds, and the ids of the live documents (the participant read log).
 */
export interface PullTextAnswer extends Omit<PullAnswer, 'documents'> {
  documents: readonly unknown[];
  liveIds: number[];
}

/** A tombstone as JSON text, the same as JSON.stringify(tombstone(row)). */
function tombstoneText(row: PulledRow): string {
  return `{"uuid":${JSON.stringify(String(row._uuid))},"id":${Number(row._id)},"revision":${Number(row._revision)},"_deleted":true}`;
}

/** Receives a page's rows as documents: objects (pullCollection) or JSON text (pullCollectionText). */
interface PageSink {
  tombstone(row: PulledRow): void;
  /** A live document's JSON text as PostgreSQL built it. */
  text(row: PulledRow, doc: string): void;
  /** A live document built from its columns. */
  object(row: PulledRow, doc: ReplicaDocument): void;
}

/**
 * Documents of one collection changed after the checkpoint, in change_seq order. From zero (first
 * sync or reset) only live rows in the viewer's scope are read, the scope filtered in SQL, so the
 * LIMIT counts only what is returned. After a checkpoint, changed rows of the tenant are read:
 * those in scope as documents, deleted rows and rows outside the scope as tombstones (documents
 * that left the scope). Documents are built in SQL as JSON. A page ends at `limit` rows or at the
 * byte budget, whichever comes first.
 *
 * The checkpoint comes back signed (checkpoint.ts). While `hasMore`, it carries the high-water mark
 * and scope fingerprint of this sync, so the pages that follow neither take the write lock nor
 * recompute the fingerprint; the next sync computes them afresh.
 */
export async function pullCollection(
  db: Queryable,
  viewer: Viewer,
  collection: ServerCollection,
  checkpoint: Checkpoint,
  options: PullOptions,
  env: PullEnv,
): Promise<PullAnswer> {
  const documents: ReplicaDocument[] = [];
  const page = await pullPage(db, viewer, collection, checkpoint, options, env, {
    tombstone: (row) => documents.push(tombstone(row)),
    text: (_row, doc) => documents.push(JSON.parse(doc) as ReplicaDocument),
    object: (_row, doc) => documents.push(doc),
  });
  return { documents, ...page };
}

/**
 * pullCollection for the graph answer (issue 25). Documents PostgreSQL built as JSON text go into
 * the answer unparsed, as one RawJsonItems (server/graph/raw-json.ts); documents built from columns
 * (PGlite) stay objects, written by the answer's one JSON.stringify (measured: cheaper than one
 * stringify per document and a splice). A client parsing the answer gets pullCollection's documents.
 */
export async function pullCollectionText(
  db: Queryable,
  viewer: Viewer,
  collection: ServerCollection,
  checkpoint: Checkpoint,
  options: PullOptions,
  env: PullEnv,
): Promise<PullTextAnswer> {
  const inSql = (options.build ?? 'sql') === 'sql';
  const items: (string | ReplicaDocument)[] = [];
  const liveIds: number[] = [];
  let objects = 0;
  const page = await pullPage(db, viewer, collection, checkpoint, options, env, {
    tombstone: (row) => {
      if (inSql) {
        items.push(tombstoneText(row));
      } else {
        items.push(tombstone(row));
        objects++;
      }
    },
    text: (row, doc) => {
      items.push(doc);
      liveIds.push(Number(row._id));
    },
    object: (row, doc) => {
      items.push(doc);
      objects++;
      liveIds.push(Number(row._id));
    },
  });
  const documents =
    objects === items.length ? items
    : objects === 0 ? [new RawJsonItems(items as string[])]
    : items.map((d) => (typeof d === 'string' ? (JSON.parse(d) as ReplicaDocument) : d));
  return { documents, liveIds, ...page };
}

/** A tombstone as an object (pullCollection's and the PGlite answer's). */
function tombstone(row: PulledRow): ReplicaDocument {
  return { uuid: String(row._uuid), id: Number(row._id), revision: Number(row._revision), _deleted: true };
}

/** The page of pullCollection, its documents handed to `sink` in change order. */
async function pullPage(
  db: Queryable,
  viewer: Viewer,
  collection: ServerCollection,
  checkpoint: Checkpoint,
  options: PullOptions,
  env: PullEnv,
  sink: PageSink,
): Promise<Omit<PullAnswer, 'documents'>> {
  const isContinuation = (c: CheckpointClaims | null) => c?.w !== undefined && c.s < c.w && env.now() - c.t < SYNC_TOKEN_MS;
  // A checkpoint that does not continue a sync needs the high-water mark: ask for it before the
  // keys, so both come in one statement (the token is verified below; this look only decides the order).
  if (!isContinuation(peekClaims(checkpoint.scopeKey))) void env.highWater().catch(() => undefined);
  const keys = await env.keys();
  const check = verifyCheckpoint(keys, checkpoint, { collection: collection.name, userId: viewer.userId });
  let claims: CheckpointClaims | null = check.kind === 'ok' ? check.claims : null;
  let reset = check.kind === 'reset';
  const continuing = isContinuation(claims);
  let key: string;
  let highWater: number;
  if (continuing && claims?.w !== undefined) {
    key = claims.k;
    highWater = claims.w;
  } else {
    const [mark, caseload, ...parents] = await Promise.all([
      env.highWater(),
      collection.dependsOnCaseload ? env.caseload() : Promise.resolve(null),
      ...collection.scopeParents.map((p) => env.parent(p)),
    ]);
    highWater = mark;
    key = scopeKey(viewer, caseload, parents);
    // A different scope, or a checkpoint ahead of the sequence (a database that went back: a restore): start over.
    if (claims && (claims.k !== key || claims.s > highWater)) {
      claims = null;
      reset = true;
    }
  }
  const after = reset || !claims ? 0 : claims.s;
  // From zero (first sync or reset, and the pages that continue it) the replica holds nothing to delete: no tombstones.
  const fromZero = after === 0 || (continuing && claims?.z === 1);
  const rowLimit = Math.min(Math.max(1, Math.trunc(options.limit)), MAX_PULL_LIMIT);
  const budget = Math.min(Math.max(1, Math.trunc(options.maxBytes ?? DEFAULT_PAGE_BYTES)), MAX_PAGE_BYTES);
  const estimate = averageBytes.get(collection.table) ?? 400;
  const size = Math.max(1, Math.min(rowLimit, Math.ceil((budget / estimate) * 1.2)));
  // Nothing committed since the checkpoint (the mark has not passed it): the page's range
  // `after < change_seq <= highWater` is empty, so no statement is sent (issue 25).
  const rows = after >= highWater ? [] : await pageRows(db, viewer, collection, after, highWater, size, fromZero, options, env);
  const inSql = (options.build ?? 'sql') === 'sql';
  let bytes = 0;
  let live = 0;
  let taken = 0;
  for (const row of rows) {
    if (taken === size || (taken > 0 && bytes >= budget)) break;
    taken++;
    if (row._live !== true) {
      sink.tombstone(row);
    } else if (inSql && typeof row.doc === 'string') {
      bytes += row.doc.length;
      live++;
      sink.text(row, row.doc);
    } else {
      const converted = columnsToDocument(row);
      bytes += converted.bytes;
      live++;
      sink.object(row, converted.doc);
    }
  }
  if (live > 0) averageBytes.set(collection.table, Math.max(50, Math.round(bytes / live)));
  let hasMore = rows.length > taken;
  const last = rows[taken - 1];
  const seq = hasMore && last ? Number(last._seq) : Math.max(after, highWater);
  const claimsOut: CheckpointClaims = { c: collection.name, u: viewer.userId, e: keys.epoch, s: seq, k: key, t: env.now() };
  if (hasMore) {
    claimsOut.w = highWater;
    if (fromZero) claimsOut.z = 1;
  } else if (continuing && (await env.highWater()) > seq) {
    // The last page of a paged sync ends at the mark its first page took, which may be old: the
    // sync was resumed in a later round (an answer was lost), or its pages took long. Writes that
    // committed since come with one more, incremental page (this checkpoint carries no mark), so a
    // pull never reports "up to date" below a write that committed before it was asked.
    hasMore = true;
  }
  return { checkpoint: { seq, scopeKey: signCheckpoint(keys, claimsOut) }, reset, hasMore };
}

/** The rows of one page: its statement, alone or with the other pages of the request (env.select). */
async function pageRows(
  db: Queryable,
  viewer: Viewer,
  collection: ServerCollection,
  after: number,
  highWater: number,
  size: number,
  fromZero: boolean,
  options: PullOptions,
  env: PullEnv,
): Promise<(PulledRow & Record<string, unknown>)[]> {
  const columns = await tableColumns(db, collection.table);
  const tenancy = collection.tenancy(viewer, 't');
  const scope = collection.scope(viewer, 't');
  const inSql = (options.build ?? 'sql') === 'sql';
  // The document as JSON text built in SQL (PostgreSQL: fastest), or its columns with the field
  // rules applied, converted in JavaScript (PGlite: its JSON functions run slower than the conversion).
  // Built once per page: only the form the statement uses.
  const doc = () => documentSql(collection.table, columns, collection.omit, viewer, 't');
  const statement = fromZero
      ? sql`SELECT t.change_seq AS _seq, t.uuid AS _uuid, t.id AS _id, t.revision AS _revision, TRUE AS _live, ${inSql ? sql`${doc()} AS doc` : columnsSql(collection, columns, viewer)}
              FROM ${raw(collection.table)} t
             WHERE ${tenancy} AND t.change_seq > ${after} AND t.change_seq <= ${highWater} AND t.deleted_at IS NULL AND ${scope}
             ORDER BY t.change_seq
             LIMIT ${size + 1}`
      : sql`SELECT t.change_seq AS _seq, t.uuid AS _uuid, t.id AS _id, t.revision AS _revision, _v.live AS _live,
                   ${inSql ? sql`CASE WHEN _v.live THEN ${doc()} END AS doc` : columnsSql(collection, columns, viewer)}
              FROM ${raw(collection.table)} t
             CROSS JOIN LATERAL (SELECT t.deleted_at IS NULL AND ${scope} AS live) _v
             WHERE ${tenancy} AND t.change_seq > ${after} AND t.change_seq <= ${highWater}
             ORDER BY t.change_seq
             LIMIT ${size + 1}`;
  // Incremental pages (the steady traffic of every client) share one statement per request; the
  // pages of a sync from zero are large and run on their own, on as many connections as there are.
  return inSql && !fromZero && env.select ? env.select(statement) : (await run<PulledRow & Record<string, unknown>>(db, statement)).rows;
}
