import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { migrate } from './migrate';
import { createTestDb } from '../test/db';

/** Tables without company_id: bookkeeping and global catalogues shared by every tenant. */
const GLOBAL_TABLES = new Set([
  'schema_migrations', // migration bookkeeping
  'participant_statuses', // the spec's fixed status ids
  'authentication_adapters', // the single sign-on protocols the server implements
  'auth_failures', // sign-in failures per account name and address, before a company is known
  'auth_known_addresses', // addresses an account signed in from, before a company is known
  'login_throttle', // per account name / client address, before a company is known
  'system_flags', // installation-wide switches (maintenance mode)
  'push_vapid_keys', // the installation's web-push key pair (005_messages.sql)
]);
/** Tables whose company_id may be NULL, and why. */
const NULLABLE_COMPANY = new Set([
  'companies', // company_id equals id
  'acl_roles', // the spec's roles are global rows; companies may add their own
  'audit_log', // platform events without a tenant
  'auth_tokens', // set when known
  'email_outbox', // platform mail
]);

interface Column { table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }

let db: Db;
let columns: Column[];
const tables = (): string[] => [...new Set(columns.map((c) => c.table_name))].sort();
const has = (table: string, column: string): boolean => columns.some((c) => c.table_name === table && c.column_name === column);

beforeAll(async () => {
  db = await createTestDb();
  columns = (
    await db.query<Column>(
      `SELECT c.table_name, c.column_name, c.is_nullable
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`,
    )
  ).rows;
});
afterAll(async () => {
  await db.close();
});

describe('migrations', () => {
  it('apply every file once and nothing on a second run', async () => {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['001_core.sql', '002_domain.sql']));
    expect(await migrate(db)).toEqual([]);
  });

  it('create the domain tables of both specs', () => {
    for (const t of [
      'invitations', 'messages', 'files', 'dashboards', 'widgets', 'work_plans', 'work_plan_behaviors', 'work_plan_skills',
      'blueprints', 'blueprint_categories', 'blueprint_steps', 'work_orders', 'assignments', 'reviews', 'review_scores',
      'participant_reviews', 'competencies', 'behaviors', 'disciplines', 'skills', 'participant_behavior_scores',
      'participant_skill_scores', 'instruments', 'instrument_categories', 'matching_criteria', 'instrument_matches',
      'workplaces', 'wage_value_measurements', 'wage_value_tasks', 'wage_value_plans', 'wage_value_plan_notes',
      'wage_value_plan_statuses', 'wage_value_plan_sequences', 'wage_value_regions', 'wage_value_settings',
      'work_plan_termination_reasons', 'provision_types', 'placement_process_labels', 'placement_reject_reasons',
      'process_flow_statuses', 'company_server_certificates', 'company_authentication_adapters', 'search_history',
      'search_settings', 'system_messages', 'transfer_settings', 'push_subscriptions',
    ]) {
      expect(tables(), t).toContain(t);
    }
  });
});

describe('tenancy columns', () => {
  it('every table carries company_id unless it is a known global table', () => {
    const missing = tables().filter((t) => !GLOBAL_TABLES.has(t) && !has(t, 'company_id'));
    expect(missing).toEqual([]);
  });

  it('company_id is NOT NULL except where a NULL has a documented meaning', () => {
    const nullable = columns
      .filter((c) => c.column_name === 'company_id' && c.is_nullable === 'YES' && !NULLABLE_COMPANY.has(c.table_name))
      .map((c) => c.table_name);
    expect(nullable).toEqual([]);
  });

  it('every foreign key to a tenant-owned table (other than companies) includes company_id', async () => {
    const { rows } = await db.query<{ child: string; parent: string; name: string; cols: string[] }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent, c.conname AS name,
              ARRAY(SELECT a.attname::text FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) AS cols
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    );
    // The core tables of 001, 003 and 004 follow the rule since migration 013 (server/db/citus-keys.test.ts).
    const globalParents = new Set(['companies', 'acl_roles', 'participant_statuses', 'authentication_adapters']);
    const offenders = rows
      .filter((r) => !globalParents.has(r.parent) && has(r.parent, 'company_id') && !r.cols.includes('company_id'))
      .map((r) => `${r.child}.${r.name}`);
    expect(offenders).toEqual([]);
  });
});

describe('replicated tables', () => {
  const replicated = (): string[] => tables().filter((t) => has(t, 'change_seq'));

  it('carry uuid, revision, change_seq, updated_at, created_at and deleted_at', () => {
    expect(replicated().length).toBeGreaterThan(50);
    const incomplete = replicated().flatMap((t) =>
      ['uuid', 'company_id', 'revision', 'change_seq', 'updated_at', 'created_at', 'deleted_at'].filter((c) => !has(t, c)).map((c) => `${t}.${c}`),
    );
    expect(incomplete).toEqual([]);
  });

  it('run the touch_row trigger on insert and update', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT DISTINCT c.relname AS table_name
         FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid JOIN pg_proc p ON p.oid = tg.tgfoid
        WHERE p.proname = 'touch_row' AND NOT tg.tgisinternal
          AND (tg.tgtype & 2) = 2 AND (tg.tgtype & 4) = 4 AND (tg.tgtype & 16) = 16`, // BEFORE, INSERT, UPDATE
    );
    const withTrigger = new Set(rows.map((r) => r.table_name));
    expect(replicated().filter((t) => !withTrigger.has(t))).toEqual([]);
  });

  it('have an index that starts with (company_id, change_seq) for pulls', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT DISTINCT t.relname AS table_name
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_attribute a1 ON a1.attrelid = t.oid AND a1.attnum = i.indkey[0]
         JOIN pg_attribute a2 ON a2.attrelid = t.oid AND a2.attnum = i.indkey[1]
        WHERE a1.attname = 'company_id' AND a2.attname = 'change_seq'`,
    );
    const indexed = new Set(rows.map((r) => r.table_name));
    // companies is its own tenant: its pull reads one row by id.
    expect(replicated().filter((t) => t !== 'companies' && !indexed.has(t))).toEqual([]);
  });

  it('bump revision and change_seq on update', async () => {
    const company = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Touch BV') RETURNING id");
    const companyId = company.rows[0]?.id;
    const before = await db.query<{ id: number; revision: number; change_seq: number }>(
      "INSERT INTO provision_types (company_id, label, code) VALUES ($1, 'Jobcoaching', 'JC') RETURNING id, revision, change_seq",
      [companyId],
    );
    const row = before.rows[0];
    const after = await db.query<{ revision: number; change_seq: number }>(
      "UPDATE provision_types SET label = 'Jobcoach' WHERE id = $1 RETURNING revision, change_seq",
      [row?.id],
    );
    expect(after.rows[0]?.revision).toBe((row?.revision ?? 0) + 1);
    expect(after.rows[0]?.change_seq).toBeGreaterThan(row?.change_seq ?? Infinity);
  });
});

describe('constraints', () => {
  async function twoCompanies(): Promise<{ a: number; b: number; userA: number; participantB: number; participantA: number }> {
    const c = await db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('A'), ('B') RETURNING id");
    const [a, b] = c.rows.map((r) => r.id) as [number, number];
    const u = await db.query<{ id: number }>(
      'INSERT INTO users (company_id, acl_role_id, username) VALUES ($1, 4, $2) RETURNING id', [a, `c_${a}`],
    );
    const p = await db.query<{ id: number }>(
      "INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, 'Jan', 'Jansen'), ($2, 'Piet', 'Pietersen') RETURNING id",
      [a, b],
    );
    return { a, b, userA: u.rows[0]?.id ?? 0, participantA: p.rows[0]?.id ?? 0, participantB: p.rows[1]?.id ?? 0 };
  }

  it('refuse a reference into another company', async () => {
    const { a, userA, participantB } = await twoCompanies();
    await expect(
      db.query("INSERT INTO messages (company_id, sender_user_id, recipient_participant_id, subject, body) VALUES ($1, $2, $3, 'x', 'y')", [a, userA, participantB]),
    ).rejects.toThrow();
  });

  it('need exactly one sender and one recipient on a message', async () => {
    const { a, userA, participantA } = await twoCompanies();
    await expect(
      db.query("INSERT INTO messages (company_id, sender_user_id, sender_participant_id, recipient_participant_id, subject, body) VALUES ($1, $2, $3, $3, 'x', 'y')", [a, userA, participantA]),
    ).rejects.toThrow();
    await db.query("INSERT INTO messages (company_id, sender_user_id, recipient_participant_id, subject, body) VALUES ($1, $2, $3, 'x', 'y')", [a, userA, participantA]);
  });

  it('enforce the spec enumerations', async () => {
    const { a, userA, participantA } = await twoCompanies();
    const dashboard = await db.query<{ id: number }>("INSERT INTO dashboards (company_id, name) VALUES ($1, 'd') RETURNING id", [a]);
    const bad: [string, unknown[]][] = [
      ["INSERT INTO work_plans (company_id, participant_id, name, status) VALUES ($1, $2, 'w', 'paused')", [a, participantA]],
      ["INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id, status) VALUES ($1, $2, $3, 'archived')", [a, participantA, userA]],
      ['INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id, type) VALUES ($1, $2, $3, 3)', [a, participantA, userA]],
      ["INSERT INTO files (company_id, kind, name, mime, size, storage_key) VALUES ($1, 6, 'a', 'text/plain', 1, 'k')", [a]],
      ["INSERT INTO widgets (company_id, dashboard_id, name, type) VALUES ($1, $2, 'w', 'line')", [a, dashboard.rows[0]?.id]],
      ["INSERT INTO users (company_id, acl_role_id, username, display) VALUES ($1, 4, 'x_display', 5)", [a]],
    ];
    for (const [sql, params] of bad) {
      await expect(db.query(sql, params), sql).rejects.toThrow();
    }
  });

  it('allow one live concept measurement per participant', async () => {
    const { a, userA, participantA } = await twoCompanies();
    const insert = "INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id) VALUES ($1, $2, $3)";
    await db.query(insert, [a, participantA, userA]);
    await expect(db.query(insert, [a, participantA, userA])).rejects.toThrow();
  });

  it('keep wage-value tasks between 1 and 5', async () => {
    const { a, userA, participantA } = await twoCompanies();
    const m = await db.query<{ id: number }>(
      "INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id) VALUES ($1, $2, $3) RETURNING id", [a, participantA, userA],
    );
    await expect(
      db.query('INSERT INTO wage_value_tasks (company_id, measurement_id, sort_order) VALUES ($1, $2, 6)', [a, m.rows[0]?.id]),
    ).rejects.toThrow();
  });
});
