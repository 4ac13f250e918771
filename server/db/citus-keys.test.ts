import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { migrate } from './migrate';
import { seedDemoIfEmpty } from './seed';
import { seedBulk } from './demo-data/bulk';
import { createTestDb } from '../test/db';

/**
 * Citus-ready keys (issue 26, docs/scaling.md). Citus distributes a table by one column, here `company_id`,
 * and can only enforce a primary key, a unique key or index, or a foreign key between distributed tables when
 * it contains that column. This test reads the catalog and lists every key that breaks the rule.
 *
 * Every table with a `company_id` is distributed, except the reference tables below (one copy on every node).
 * Tables without `company_id` are shared by all organisations and must be listed here too, so a new table is
 * placed consciously.
 */
const REFERENCE_TABLES: Record<string, string> = {
  companies: 'one row per organisation (company_id = id); read before the tenant is known (registration code, sign-in), every distributed table refers to it',
  acl_roles: 'the spec’s global roles (company_id NULL) next to a few roles of a company; users and invitations refer to them',
  participant_statuses: 'the spec’s fixed participant status ids, referenced by participants',
  authentication_adapters: 'the single sign-on protocols the server implements, referenced by company adapters',
  schema_migrations: 'migration bookkeeping of the installation',
  auth_failures: 'sign-in failures per account name and address, counted before a company is known',
  auth_known_addresses: 'addresses an account signed in from, checked before a company is known',
  login_throttle: 'throttling per account name and client address, before a company is known',
  system_flags: 'installation-wide switches (maintenance mode)',
  push_vapid_keys: 'the installation’s one web-push key pair',
};

/**
 * Keys that still break the rule, each with the reason. This list may only shrink: a key fixed must leave it,
 * a new offender fails the test. Format `table: constraint-or-index`.
 */
const PLATFORM_ROWS = 'company_id is NULL for platform rows (events, mail, tokens before a company is known), and Citus cannot place a row without a distribution value: on Citus this table stays a local table of the coordinator';
const KNOWN_OFFENDERS: Record<string, string> = {
  'audit_log: audit_log_pkey': PLATFORM_ROWS,
  'auth_tokens: auth_tokens_pkey': PLATFORM_ROWS,
  'auth_tokens: auth_tokens_token_hash_key': PLATFORM_ROWS,
  'email_outbox: email_outbox_pkey': PLATFORM_ROWS,
  'users: users_username':
    'sign-in names are unique across the installation, since sign-in happens before the organisation is known; on Citus this needs a directory (reference) table username → company',
};

interface UniqueKey { table: string; name: string; cols: string[] }
interface ForeignKey { child: string; parent: string; name: string; cols: string[]; parentCols: string[] }

let db: Db;
let tenant: Set<string>;
let allTables: string[];
let uniqueKeys: UniqueKey[];
let foreignKeys: ForeignKey[];

beforeAll(async () => {
  db = await createTestDb();
  allTables = (
    await db.query<{ t: string }>(
      `SELECT relname AS t FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = current_schema()::regnamespace`,
    )
  ).rows.map((r) => r.t);
  tenant = new Set(
    (
      await db.query<{ t: string }>(
        `SELECT c.relname AS t FROM pg_class c
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
          WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace`,
      )
    ).rows.map((r) => r.t),
  );
  // Every unique index (primary keys and unique constraints are backed by one); expression columns count as no column.
  uniqueKeys = (
    await db.query<UniqueKey>(
      `SELECT t.relname AS table, i.relname AS name,
              ARRAY(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(x.indkey) WITH ORDINALITY k(n, o)
                      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS cols
         FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indisunique AND t.relnamespace = current_schema()::regnamespace`,
    )
  ).rows;
  foreignKeys = (
    await db.query<ForeignKey>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.conname AS name,
              ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS cols,
              ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS "parentCols"
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    )
  ).rows;
});
afterAll(async () => {
  await db.close();
});

const distributed = (table: string): boolean => tenant.has(table) && !(table in REFERENCE_TABLES);

/** Every key that Citus could not keep when the distributed tables are distributed by company_id. */
function offenders(): string[] {
  const out: string[] = [];
  for (const k of uniqueKeys) {
    if (distributed(k.table) && !k.cols.includes('company_id')) out.push(`${k.table}: ${k.name}`);
  }
  for (const f of foreignKeys) {
    if (!distributed(f.parent)) continue; // to a reference table: allowed from anywhere Citus puts it
    // Between distributed tables the key must pair the child's company_id with the parent's.
    const at = f.cols.indexOf('company_id');
    if (!distributed(f.child) || at < 0 || f.parentCols[at] !== 'company_id') out.push(`${f.child}: ${f.name}`);
  }
  return [...new Set(out)].sort();
}

describe('Citus-ready keys', () => {
  it('place every table without company_id as a reference table', () => {
    const unplaced = allTables.filter((t) => !tenant.has(t) && !(t in REFERENCE_TABLES)).sort();
    expect(unplaced).toEqual([]);
    const gone = Object.keys(REFERENCE_TABLES).filter((t) => !allTables.includes(t));
    expect(gone).toEqual([]);
  });

  it('include company_id in every key of a distributed table and every foreign key between them (known offenders only shrink)', () => {
    const found = offenders();
    const known = Object.keys(KNOWN_OFFENDERS).sort();
    // New offenders: a new table or key that breaks the rule. Fixed offenders: remove them from KNOWN_OFFENDERS.
    expect({ new: found.filter((o) => !known.includes(o)), fixed: known.filter((o) => !found.includes(o)) }).toEqual({ new: [], fixed: [] });
    expect(found.length).toBe(known.length);
  });
});

const CITUS_MIGRATION = '013_citus_keys.sql';

/** An empty database (not migrated) on the test's engine, and how to throw it away. */
async function emptyDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = process.env.WERKPAD_TEST_PG_URL;
  if (process.env.WERKPAD_TEST_DB !== 'postgres' || !serverUrl) {
    const db = openDb({});
    return { db, drop: () => db.close() };
  }
  const name = `t_${randomBytes(8).toString('hex')}`;
  const admin = openDb({ databaseUrl: serverUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString() });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** Per table: row count and a digest of every row's text, so a migration that loses or changes a row shows. */
async function snapshot(target: Db): Promise<Record<string, string>> {
  const names = (
    await target.query<{ t: string }>(`SELECT relname AS t FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relname <> 'schema_migrations' ORDER BY 1`)
  ).rows.map((r) => r.t);
  const out: Record<string, string> = {};
  for (const t of names) {
    const { rows } = await target.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(x.r::text, '|' ORDER BY x.r::text)) AS digest FROM ${t} x(r)`,
    );
    out[t] = `${rows[0]?.n ?? 0}:${rows[0]?.digest ?? ''}`;
  }
  return out;
}

describe('migration 013 with the data in place', () => {
  it('keeps every row of the demo data and of npm run seed, and makes the keys composite', async () => {
    const { db: old, drop } = await emptyDb();
    try {
      // Migrate as a database of before 013 (marked as applied, so it is skipped), fill it, then apply 013.
      await old.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      await old.query('INSERT INTO schema_migrations (name) VALUES ($1)', [CITUS_MIGRATION]);
      await migrate(old);
      expect(await seedDemoIfEmpty(old)).toBe(true);
      await seedBulk(old, { participants: 30, messages: 40, workPlans: 8, reviews: 20 });
      const before = await snapshot(old);
      expect(Number(before.participants?.split(':')[0])).toBeGreaterThan(60);
      await old.query('DELETE FROM schema_migrations WHERE name = $1', [CITUS_MIGRATION]);
      expect(await migrate(old)).toEqual([CITUS_MIGRATION]);
      expect(await snapshot(old)).toEqual(before);
      const pk = await old.query<{ def: string }>(
        "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'participants_coach_id_fkey'",
      );
      expect(pk.rows[0]?.def).toMatch(/^FOREIGN KEY \(company_id, coach_id\) REFERENCES users\(company_id, id\)/);
    } finally {
      await drop();
    }
  });
});
