import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { DEMO_EXTRA_USERNAMES, DEMO_PASSWORD, DEMO_USERNAMES, seedDemoIfEmpty } from './seed';
import { isValidBsn } from './demo-data/prng';
import { createTestDb } from '../test/db';
import { rowToDocument } from '../sync/document';
import { draftOfDocument, researchFlags, type MeasurementDocument } from '../../src/domain/wage-value/measurement';
import { validateStep } from '../../src/domain/wage-value/validation';

let db: Db;
let org1 = 0;
let org2 = 0;

const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;

beforeAll(async () => {
  db = await createTestDb();
  expect(await seedDemoIfEmpty(db)).toBe(true);
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM companies ORDER BY id');
  org1 = rows.find((r) => r.name === 'Demo Werkbedrijf')?.id ?? 0;
  org2 = rows.find((r) => r.name === 'Tweede Re-integratie BV')?.id ?? 0;
});
afterAll(async () => {
  await db.close();
});

describe('demo seed', () => {
  // How long seeding takes is the bench's business, never a test's: it depends on the machine's load.
  it('seeds only an empty database', async () => {
    expect(await seedDemoIfEmpty(db)).toBe(false);
    expect(await count('SELECT count(*)::int AS n FROM companies')).toBe(2);
  });

  it('creates the named users with one verifiable argon2id hash', async () => {
    const names = [...DEMO_USERNAMES, ...DEMO_EXTRA_USERNAMES];
    const { rows } = await db.query<{ username: string; password_hash: string; acl_role_id: number; company_id: number }>(
      'SELECT username, password_hash, acl_role_id, company_id FROM users WHERE username = ANY($1::text[])', [names],
    );
    expect(rows.map((r) => r.username).sort()).toEqual([...names].sort());
    const byName = new Map(rows.map((r) => [r.username, r]));
    expect(byName.get('admin')?.acl_role_id).toBe(7);
    expect(byName.get('manager')?.acl_role_id).toBe(3);
    expect(byName.get('coach')?.acl_role_id).toBe(4);
    expect(byName.get('participant')?.acl_role_id).toBe(2);
    expect(byName.get('admin2')?.company_id).toBe(org2);
    expect(byName.get('admin')?.company_id).toBe(org1);
    const hashes = new Set(rows.map((r) => r.password_hash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash?.startsWith('$argon2id$')).toBe(true);
    expect(await argon2.verify(hash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await argon2.verify(hash ?? '', 'wrong-password')).toBe(false);
  });

  it('makes the expert a wage-value expert and links the participant logins', async () => {
    expect(await count("SELECT count(*)::int AS n FROM users WHERE username = 'expert' AND wage_value_expert")).toBe(1);
    expect(await count(
      "SELECT count(*)::int AS n FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username IN ('participant', 'participant2', 'aanmelder')",
    )).toBe(3);
    expect(await count(
      "SELECT p.status_id AS n FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = 'aanmelder'",
    )).toBe(15);
  });

  it('seeds 60 believable participants in the demo organisation', async () => {
    const { rows } = await db.query<{ bsn: string; zipcode: string; city: string; display: number; status_id: number }>(
      'SELECT bsn, zipcode, city, display, status_id FROM participants WHERE company_id = $1', [org1],
    );
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => isValidBsn(r.bsn))).toBe(true);
    expect(rows.every((r) => /^\d{4} [A-Z]{2}$/.test(r.zipcode))).toBe(true);
    expect(rows.filter((r) => r.display === 2).length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status_id)).size).toBeGreaterThan(5);
  });

  it('gives the demo coach and manager their caseloads', async () => {
    const caseload = (username: string, column: 'coach_id' | 'manager_id') =>
      count(`SELECT count(*)::int AS n FROM participants p JOIN users u ON u.id = p.${column} WHERE u.username = $1`, [username]);
    expect(await caseload('coach', 'coach_id')).toBe(15);
    expect(await caseload('manager', 'manager_id')).toBe(25);
  });

  it('seeds work plans, messages, wage value and dashboards in both organisations', async () => {
    for (const companyId of [org1, org2]) {
      for (const table of ['work_plans', 'assignments', 'reviews', 'review_scores', 'messages', 'wage_value_measurements', 'wage_value_tasks', 'wage_value_plans', 'dashboards', 'widgets', 'work_plan_termination_reasons']) {
        expect(await count(`SELECT count(*)::int AS n FROM ${table} WHERE company_id = $1`, [companyId]), `${table} of ${companyId}`).toBeGreaterThan(0);
      }
    }
    const states = await db.query<{ status: string }>('SELECT DISTINCT status FROM wage_value_measurements WHERE company_id = $1', [org1]);
    expect(states.rows.map((r) => r.status).sort()).toEqual(['cancelled', 'concept', 'definitive']);
    expect(await count('SELECT count(*)::int AS n FROM messages WHERE parent_message_id IS NOT NULL AND company_id = $1', [org1])).toBeGreaterThan(10);
    expect(await count(
      "SELECT count(*)::int AS n FROM messages m JOIN participants p ON p.id = m.recipient_participant_id JOIN users u ON u.id = p.user_id WHERE u.username = 'participant' AND NOT m.read",
    )).toBeGreaterThan(0);
    expect(await count(
      "SELECT count(*)::int AS n FROM user_imitation_options o JOIN users u ON u.id = o.user_id WHERE u.username = 'admin'",
    )).toBe(4);
  });

  it('seeds wage-value research activities that took place, in the spec\'s inverted storage', async () => {
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM wage_value_measurements WHERE deleted_at IS NULL');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored = (row.research_activities ?? {}) as Record<string, unknown>;
      // Stored inverted (02 §3): false means the visit / interview took place.
      expect([stored.companyVisit, stored.interviewedEmployee, stored.interviewedEmployer]).toEqual([false, false, false]);
      const draft = draftOfDocument(rowToDocument(row) as unknown as MeasurementDocument);
      expect(researchFlags(draft.researchActivities)).toEqual({ companyVisited: true, employeeInterviewed: true, employerInterviewed: true });
      expect(validateStep('researchActivities', draft)).toEqual([]);
    }
  });

  it('never lets a row of one organisation reference a row of another', async () => {
    // Every foreign key between two tables that both carry company_id, checked on the data.
    const { rows: fks } = await db.query<{ child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
              ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS child_cols,
              ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS parent_cols
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    );
    const { rows: withCompany } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'company_id'",
    );
    const tenant = new Set(withCompany.map((r) => r.table_name));
    const crossings: string[] = [];
    let checked = 0;
    for (const fk of fks) {
      if (!tenant.has(fk.child) || !tenant.has(fk.parent) || fk.parent === 'companies') continue;
      const pairs = fk.child_cols.map((c, i) => [c, fk.parent_cols[i] ?? ''] as const).filter(([c]) => c !== 'company_id');
      if (pairs.length === 0) continue;
      const on = pairs.map(([c, p]) => `p."${p}" = c."${c}"`).join(' AND ');
      const n = await count(`SELECT count(*)::int AS n FROM "${fk.child}" c JOIN "${fk.parent}" p ON ${on} WHERE c.company_id IS DISTINCT FROM p.company_id AND p.company_id IS NOT NULL`);
      checked++;
      if (n > 0) crossings.push(`${fk.child}(${fk.child_cols.join(',')}) -> ${fk.parent}: ${n}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(crossings).toEqual([]);
  });

  it('is deterministic: a second database gets the same people and uuids', async () => {
    const other = await createTestDb();
    try {
      await seedDemoIfEmpty(other);
      const sql = 'SELECT uuid, firstname, lastname, bsn, zipcode FROM participants ORDER BY id';
      const [a, b] = await Promise.all([db.query(sql), other.query(sql)]);
      expect(b.rows).toEqual(a.rows);
    } finally {
      await other.close();
    }
  });
});
