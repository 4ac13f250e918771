import type { Db } from '../../db/db';
import type { Viewer } from '../../auth/viewer';
import { companyScope, tableScopes } from '../../auth/scope';
import { raw, run, sql } from '../../db/sql';

/**
 * Database snapshots for the REST authorization matrix (issue 38):
 * - `rows(tables)`: every row of the tables a route may touch (both organisations), to compare after a refused call
 *   (nothing may differ), to name what an allowed call changed, and to put those rows back afterwards so the next
 *   caller meets the same world. Columns that only record that a row was written again (revision, change_seq,
 *   updated_at) are left out of the comparison, so a restored row compares equal;
 * - `mark()` / `writtenSince(mark)`: every other company table, by the transaction ids of its rows (a row written after
 *   the mark has a newer xmin); `counts()` for rows deleted, compared around all calls of a route.
 */
/**
 * Bookkeeping every request may write: sessions and their use, the audit log, mail, sign-in links, sync bookkeeping,
 * the key share a device of the caller fetches for itself.
 */
const BOOKKEEPING = new Set(['audit_log', 'sessions', 'processed_mutations', 'sync_probes', 'auth_tokens', 'email_outbox', 'sync_keys', 'sso_flows', 'device_key_shares']);
const VOLATILE = ['revision', 'change_seq', 'updated_at', 'last_seen_at'];
const stable = (alias: string) => `(to_jsonb(${alias}) - '${VOLATILE.join("' - '")}')`;

/** table → id → [the row without its write bookkeeping (compared), the whole row (restored)] */
export type TableRows = Map<string, Map<string, [string, string]>>;

export interface RowChange {
  table: string;
  id: string;
  kind: 'added' | 'changed' | 'removed';
  /** the organisation of the row (companies: itself) */
  company: string | null;
}

export interface Snapshots {
  /** Tables with a company_id column (and companies), bookkeeping left out. */
  tables: readonly string[];
  rows(tables: readonly string[]): Promise<TableRows>;
  diff(before: TableRows, after: TableRows): RowChange[];
  /** Puts the rows of `before` back: added rows deleted (tables in the given order, children first), changed rows restored. */
  restore(before: TableRows, changes: readonly RowChange[]): Promise<void>;
  /** Of the added or changed rows, those outside the viewer's scope. */
  outsideScope(viewer: Viewer, changes: readonly RowChange[]): Promise<RowChange[]>;
  /** A point to compare against: the next transaction id (cheap: taken before every call). */
  mark(): Promise<string>;
  /** Company tables (other than `except`) with a row written since the mark (one scan of every table). */
  writtenSince(mark: string, except: readonly string[]): Promise<string[]>;
  /** Each company table's row count: compared around all calls of a route, for rows deleted. */
  counts(): Promise<Map<string, string>>;
}

export async function createSnapshots(db: Db): Promise<Snapshots> {
  const { rows: tableRows } = await db.query<{ table_name: string }>(
    `SELECT DISTINCT c.table_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.column_name = 'company_id' ORDER BY c.table_name`,
  );
  const tables = ['companies', ...tableRows.map((r) => r.table_name).filter((t) => !BOOKKEEPING.has(t))];
  const columns = new Map<string, string[]>();
  const { rows: columnRows } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_generated = 'NEVER' AND column_name <> 'id' ORDER BY table_name, ordinal_position`,
  );
  for (const r of columnRows) columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

  async function rows(list: readonly string[]): Promise<TableRows> {
    const out: TableRows = new Map();
    for (const table of list) {
      const { rows: found } = await db.query<{ id: string; row: string; whole: string }>(`SELECT t.id::text AS id, ${stable('t')}::text AS row, to_jsonb(t)::text AS whole FROM ${quote(table)} t`);
      out.set(table, new Map(found.map((r) => [r.id, [r.row, r.whole]])));
    }
    return out;
  }

  function diff(before: TableRows, after: TableRows): RowChange[] {
    const changes: RowChange[] = [];
    const companyOf = (table: string, whole: string): string | null => {
      const row = JSON.parse(whole) as Record<string, unknown>;
      const company = table === 'companies' ? row.id : row.company_id;
      return typeof company === 'number' || typeof company === 'string' ? String(company) : null;
    };
    for (const [table, was] of before) {
      const now = after.get(table) ?? new Map<string, [string, string]>();
      for (const [id, [row, whole]] of now) {
        const old = was.get(id);
        if (old === undefined) changes.push({ table, id, kind: 'added', company: companyOf(table, whole) });
        else if (old[0] !== row) changes.push({ table, id, kind: 'changed', company: companyOf(table, whole) });
      }
      for (const [id, [, whole]] of was) if (!now.has(id)) changes.push({ table, id, kind: 'removed', company: companyOf(table, whole) });
    }
    return changes;
  }

  async function restore(before: TableRows, changes: readonly RowChange[]): Promise<void> {
    await db.transaction(async (tx) => {
      for (const table of before.keys()) {
        const added = changes.filter((c) => c.table === table && c.kind === 'added').map((c) => c.id);
        if (added.length) await tx.query(`DELETE FROM ${quote(table)} WHERE id::text = ANY($1::text[])`, [added]);
      }
      for (const table of [...before.keys()].reverse()) {
        const cols = (columns.get(table) ?? []).map(quote);
        for (const change of changes.filter((c) => c.table === table && c.kind !== 'added')) {
          const row = before.get(table)?.get(change.id)?.[1];
          if (row === undefined) continue;
          if (change.kind === 'changed') {
            await tx.query(
              `UPDATE ${quote(table)} t SET (${cols.join(', ')}) = (SELECT ${cols.map((c) => `r.${c}`).join(', ')} FROM jsonb_populate_record(NULL::${quote(table)}, $1::jsonb) r) WHERE t.id::text = $2`,
              [row, change.id],
            );
          } else {
            await tx.query(`INSERT INTO ${quote(table)} SELECT * FROM jsonb_populate_record(NULL::${quote(table)}, $1::jsonb)`, [row]);
          }
        }
      }
    });
  }

  async function outsideScope(viewer: Viewer, changes: readonly RowChange[]): Promise<RowChange[]> {
    const outside: RowChange[] = [];
    for (const table of new Set(changes.filter((c) => c.kind !== 'removed').map((c) => c.table))) {
      const ids = changes.filter((c) => c.table === table && c.kind !== 'removed').map((c) => c.id);
      // a table nobody has given a scope yet (scope.test.ts names it) is judged by the company alone
      const scope = tableScopes[table] ?? companyScope;
      const { rows: inScope } = await run<{ id: string }>(db, sql`SELECT t.id::text AS id FROM ${raw(quote(table))} t WHERE t.id::text = ANY(${ids}::text[]) AND ${scope(viewer, 't')}`);
      const seen = new Set(inScope.map((r) => r.id));
      outside.push(...changes.filter((c) => c.table === table && c.kind !== 'removed' && !seen.has(c.id)));
    }
    return outside;
  }

  async function mark(): Promise<string> {
    const { rows: xid } = await db.query<{ x: string }>(`SELECT (pg_snapshot_xmax(pg_current_snapshot())::text::bigint % 4294967296)::text AS x`);
    return xid[0]?.x ?? '0';
  }

  async function writtenSince(since: string, except: readonly string[]): Promise<string[]> {
    const list = tables.filter((t) => !except.includes(t));
    const { rows: written } = await db.query<{ t: string }>(
      list.map((t) => `SELECT '${t}' AS t FROM (SELECT 1 FROM ${quote(t)} x WHERE x.xmin::text::bigint >= ${Number(since)} LIMIT 1) w`).join(' UNION ALL '),
    );
    return written.map((r) => r.t);
  }

  const countAll = tables.map((t) => `SELECT '${t}' AS t, count(*)::text AS n FROM ${quote(t)}`).join(' UNION ALL ');
  async function counts(): Promise<Map<string, string>> {
    const { rows: n } = await db.query<{ t: string; n: string }>(countAll);
    return new Map(n.map((r) => [r.t, r.n]));
  }

  return { tables, rows, diff, restore, outsideScope, mark, writtenSince, counts };
}
