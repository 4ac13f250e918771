import type { Db } from '../../db/db';
import type { Viewer } from '../../auth/viewer';
import { companyScope, tableScopes } from '../../auth/scope';
import { raw, run, sql } from '../../db/sql';

/**
 * "Reads return nothing outside scope" (issue 38): every uuid and e-mail address of a company row that an answer
 * carries must belong to a row in the caller's scope for its table (server/auth/scope.ts). The same rule covers the
 * other organisation (no scope reaches another company) and the caseload inside one organisation.
 */

interface Known {
  table: string;
  id: string;
  company: string;
}

export interface LeakDetector {
  /** Identifiers in `text` of rows outside the viewer's scope (or, reach `company`, of another organisation): `table#id (value)`. */
  leaks(viewer: Viewer, text: string, reach?: 'scope' | 'company'): Promise<string[]>;
  /** How many identifiers the detector knows (a control: it must know many). */
  size: number;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

export async function createLeakDetector(db: Db, tables: readonly string[]): Promise<LeakDetector> {
  const byValue = new Map<string, Known>();
  const { rows: uuidTables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'uuid' AND table_name = ANY($1::text[])`,
    [tables],
  );
  for (const { table_name: table } of uuidTables) {
    const company = table === 'companies' ? 'id' : 'company_id';
    const { rows } = await db.query<{ id: string; uuid: string; company: string }>(`SELECT id::text AS id, uuid::text AS uuid, ${company}::text AS company FROM "${table}"`);
    for (const r of rows) byValue.set(r.uuid.toLowerCase(), { table, id: r.id, company: r.company });
  }
  for (const table of ['users', 'participants']) {
    const { rows } = await db.query<{ id: string; email: string; company: string }>(`SELECT id::text AS id, email, company_id::text AS company FROM ${table} WHERE email IS NOT NULL AND email <> ''`);
    for (const r of rows) byValue.set(r.email.toLowerCase(), { table, id: r.id, company: r.company });
  }
  const inScope = new Map<string, Set<string>>();
  async function scopeIds(viewer: Viewer, table: string): Promise<Set<string>> {
    const key = `${viewer.sessionId} ${table}`;
    let ids = inScope.get(key);
    if (!ids) {
      const { rows } = await run<{ id: string }>(db, sql`SELECT t.id::text AS id FROM ${raw(`"${table}"`)} t WHERE ${(tableScopes[table] ?? companyScope)(viewer, 't')}`);
      ids = new Set(rows.map((r) => r.id));
      inScope.set(key, ids);
    }
    return ids;
  }
  return {
    size: byValue.size,
    async leaks(viewer, text, reach = 'scope') {
      const found: string[] = [];
      const values = new Set([...(text.match(UUID) ?? []), ...(text.match(EMAIL) ?? [])].map((v) => v.toLowerCase()));
      for (const value of values) {
        const known = byValue.get(value);
        if (!known) continue;
        const outside = reach === 'company' ? known.company !== String(viewer.companyId) : !(await scopeIds(viewer, known.table)).has(known.id);
        if (outside) found.push(`${known.table}#${known.id} (${value})`);
      }
      return found;
    },
  };
}
