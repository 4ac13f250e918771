import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import type { Plugin } from 'graphql-yoga';
import type { GraphContext } from '../graph/context';
import type { Queryable } from '../db/db';
import type { Viewer } from './viewer';
import { auditChain } from './audit';
import { PARENT_TABLES, type ParentTable } from './participant-data';

/**
 * NEN 7513 / BIO 8.15 (issues 20 and 38): every read of participant data, through one place. Resolvers, pull
 * pages and REST routes note what they answered (participant ids, the user ids of participant accounts, rows
 * of a table that names its participant); when the request has run, ONE statement writes one audit row
 * (`participant.list_read`, details.participantIds, `via`: which fields or routes read them) with the whole
 * impersonation chain, stamped by the server's clock. What is classified as participant data, and how each
 * read names its participant: server/auth/participant-data.ts.
 */
export interface ReadContext { request: Request; viewer: Viewer | null; ip: string }

interface Reads {
  viewer: Viewer;
  ip: string;
  ids: Set<number>;
  userIds: Set<number>;
  /** Rows of a parent table (by a column) whose participant was read: `table` → column → values. */
  refs: Map<ParentTable, Map<string, Set<string>>>;
  via: Set<string>;
  /** Participants whose read this request audits in a row of its own (AUDITED_READS: participant.read): left out of this row. */
  covered: Set<number>;
  /** Objects already noted (a participant row resolves many fields). */
  seen: WeakSet<object>;
}
const pending = new WeakMap<Request, Reads>();

function readsOf(ctx: ReadContext): Reads | null {
  if (!ctx.viewer) return null;
  let r = pending.get(ctx.request);
  if (!r) pending.set(ctx.request, (r = { viewer: ctx.viewer, ip: ctx.ip, ids: new Set(), userIds: new Set(), refs: new Map<ParentTable, Map<string, Set<string>>>(), via: new Set(), covered: new Set(), seen: new WeakSet() }));
  return r;
}

const positive = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Notes participants read by id. */
export function noteParticipantReads(ctx: ReadContext, ids: Iterable<unknown>, via: string): void {
  const r = readsOf(ctx);
  if (!r) return;
  // A participant reading their own record (not while someone impersonates them) is no read by someone else.
  const own = r.viewer.chain.length === 0 ? r.viewer.participantId : null;
  let any = false;
  for (const id of ids) {
    const n = positive(id);
    if (n !== null && n !== own) {
      r.ids.add(n);
      any = true;
    }
  }
  if (any) r.via.add(via);
}

/** Notes users read whose participant (if the user is a participant's login) is named in the row. */
export function noteAccountReads(ctx: ReadContext, userIds: Iterable<unknown>, via: string): void {
  const r = readsOf(ctx);
  if (!r) return;
  let any = false;
  for (const id of userIds) {
    const n = positive(id);
    if (n !== null && !(n === r.viewer.userId && r.viewer.chain.length === 0)) {
      r.userIds.add(n);
      any = true;
    }
  }
  if (any) r.via.add(via);
}

/** Notes rows of `table` (matched on `column`) whose participant was read: a wage-value task's measurement, a plan's notes. */
export function noteParentReads(ctx: ReadContext, table: ParentTable, column: 'id' | 'uuid', values: Iterable<unknown>, via: string): void {
  const r = readsOf(ctx);
  if (!r || !PARENT_TABLES.includes(table)) return;
  let byColumn = r.refs.get(table);
  if (!byColumn) r.refs.set(table, (byColumn = new Map<string, Set<string>>()));
  let set = byColumn.get(column);
  if (!set) byColumn.set(column, (set = new Set<string>()));
  for (const v of values) {
    if ((typeof v === 'string' || typeof v === 'number') && String(v).length <= 64) set.add(String(v));
  }
  r.via.add(via);
}

/**
 * Participants whose read in this request writes a row of its own (the `participant` root field's
 * participant.read, server/auth/audited-reads.ts): this request's participant.list_read leaves them out, so
 * one read is never audited twice, whichever nested field reached the same participant again.
 */
export function noteAuditedElsewhere(ctx: ReadContext, ids: Iterable<unknown>): void {
  const r = readsOf(ctx);
  if (!r) return;
  for (const id of ids) {
    const n = positive(id);
    if (n !== null) r.covered.add(n);
  }
}

/** Whether `object` was noted already in this request (and marks it). */
export function firstSight(ctx: ReadContext, object: object): boolean {
  const r = readsOf(ctx);
  if (!r || r.seen.has(object)) return false;
  r.seen.add(object);
  return true;
}

/**
 * Writes the request's row, if it read any participant: one INSERT … SELECT that also resolves accounts and
 * parent rows to their participants, inside the viewer's company. Never throws: a failed audit is reported.
 */
export async function flushParticipantReads(db: Queryable, request: Request): Promise<void> {
  const r = pending.get(request);
  if (!r) return;
  pending.delete(request);
  if (r.ids.size === 0 && r.userIds.size === 0 && r.refs.size === 0) return;
  const params: unknown[] = [r.viewer.companyId, [...r.ids], [...r.userIds]];
  const sources = ['SELECT unnest($2::bigint[]) AS id', 'SELECT p.id FROM participants p WHERE p.user_id = ANY($3::bigint[]) AND p.company_id = $1::bigint'];
  for (const [table, byColumn] of r.refs) {
    for (const [column, values] of byColumn) {
      params.push([...values]);
      sources.push(`SELECT t.participant_id FROM ${table} t WHERE t.${column === 'uuid' ? 'uuid' : 'id'}::text = ANY($${params.length}::text[]) AND t.company_id = $1::bigint`);
    }
  }
  params.push([...r.covered]);
  const covered = params.length;
  const chain = auditChain(r.viewer);
  params.push(r.viewer.realUserId, r.viewer.chain.length > 0 ? r.viewer.userId : null, JSON.stringify([...r.via].sort()), r.ip, JSON.stringify(chain));
  const n = params.length;
  try {
    await db.query(
      `INSERT INTO audit_log (company_id, user_id, on_behalf_of_user_id, action, subject_type, subject_id, details, ip, chain, result)
       SELECT $1::bigint, $${n - 4}::bigint, $${n - 3}::bigint, 'participant.list_read', 'participant', CASE WHEN s.n = 1 THEN s.ids->>0 END,
              jsonb_build_object('participantIds', s.ids, 'via', $${n - 2}::jsonb, 'rows', s.n), $${n - 1}::text, $${n}::jsonb, 'success'
         FROM (SELECT coalesce(jsonb_agg(x.id ORDER BY x.id), '[]'::jsonb) AS ids, count(*)::int AS n
                 FROM (${sources.join(' UNION ')}) x WHERE x.id IS NOT NULL AND NOT (x.id = ANY($${covered}::bigint[]))) s
        WHERE s.n > 0`,
      params,
    );
  } catch (err) {
    console.error('audit of participant reads failed', err);
  }
}

/** Yoga plugin: the graph request's row once it has run. */
export function useParticipantReadLog(): Plugin<GraphContext> {
  return {
    onExecute({ args }) {
      const ctx = args.contextValue as GraphContext;
      return {
        async onExecuteDone() {
          await flushParticipantReads(ctx.db, ctx.request);
        },
      };
    },
  };
}

/** The REST request being handled, so code below a route notes its reads with the viewer alone. */
const restRequest = new AsyncLocalStorage<{ request: Request; ip: string }>();

/** Notes participants a REST route answered (inside participantReadLog; elsewhere a no-op). */
export function noteRestParticipantReads(viewer: Viewer, ids: Iterable<unknown>, via: string): void {
  const current = restRequest.getStore();
  if (current) noteParticipantReads({ request: current.request, viewer, ip: current.ip }, ids, via);
}

/** Hono middleware for REST routes: the request's row once its handler has answered. */
export function participantReadLog(db: Queryable, ipOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    await restRequest.run({ request, ip: ipOf(c) }, next);
    if (pending.has(request)) await flushParticipantReads(db, request);
  };
}

/**
 * The participants a stored file is about, for the file.download row that names them (issue 38): the file's
 * own participant (a participant document), the participant party of the message it is attached to, the
 * participant of its work plan or of its wage-value measurement (a stored report). Inside `companyId` only.
 * The download writes its one row (file.download, the downloader's chain) with these in
 * `details.participantIds`, rather than a second participant.list_read row for the same read.
 */
export async function participantsOfFile(db: Queryable, companyId: number, file: { id: number } | { uuid: string }): Promise<number[]> {
  const { rows } = await db.query<{ id: string | number }>(
    `SELECT DISTINCT x.id FROM files f
       CROSS JOIN LATERAL (
         SELECT f.participant_id AS id
         UNION ALL SELECT m.sender_participant_id FROM messages m WHERE m.id = f.message_id AND m.company_id = f.company_id
         UNION ALL SELECT m.recipient_participant_id FROM messages m WHERE m.id = f.message_id AND m.company_id = f.company_id
         UNION ALL SELECT w.participant_id FROM work_plans w WHERE w.id = f.work_plan_id AND w.company_id = f.company_id
         UNION ALL SELECT v.participant_id FROM wage_value_measurements v WHERE v.id = f.measurement_id AND v.company_id = f.company_id
       ) x
      WHERE ${'id' in file ? 'f.id = $1::bigint' : 'f.uuid = $1::uuid'} AND f.company_id = $2::bigint AND x.id IS NOT NULL
      ORDER BY x.id`,
    ['id' in file ? file.id : file.uuid, companyId],
  );
  return rows.map((r) => Number(r.id));
}
