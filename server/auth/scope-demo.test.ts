import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { raw, run, sql, type SqlFragment } from '../db/sql';
import { seedDemoIfEmpty } from '../db/seed';
import { createTestDb } from '../test/db';
import { scopeOf, tableScopes } from './scope';
import { viewerFor } from './testing/authz-fixtures';
import type { Viewer } from './viewer';

/**
 * Properties of every scope on the demo seed, for every demo user: what each role reaches, table by table.
 * (The per-rule unit tests with hand-made fixtures are in scope.test.ts.)
 */
let db: Db;
const USERS = ['admin', 'manager', 'coach', 'expert', 'participant', 'aanmelder', 'admin2', 'manager2', 'coach2', 'participant2'];
const viewers = new Map<string, Viewer>();

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoIfEmpty(db);
  for (const u of USERS) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [u]);
    if (rows[0]) viewers.set(u, await viewerFor(db, Number(rows[0].id)));
  }
}, 120_000);
afterAll(async () => {
  await db.close();
});

async function columns(table: string): Promise<Set<string>> {
  const { rows } = await db.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    [table],
  );
  return new Set(rows.map((r) => r.column_name));
}

/** Rows of `table` in the viewer's scope that break `bad`; answers their count. */
async function violations(table: string, viewer: Viewer, bad: SqlFragment): Promise<number> {
  const { rows } = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${raw(table)} t WHERE ${scopeOf(table)(viewer, 't')} AND (${bad})`);
  return rows[0]?.n ?? 0;
}
async function reach(table: string, viewer: Viewer): Promise<number> {
  return violations(table, viewer, raw('TRUE'));
}

const caseload = (v: Viewer, alias: string) =>
  sql`(${raw(alias)}.coach_id = ${v.userId} OR ${raw(alias)}.manager_id = ${v.userId})`;

describe('every scope on the demo data', () => {
  it('no viewer reaches a row of another company, in any table', async () => {
    for (const [name, v] of viewers) {
      for (const table of Object.keys(tableScopes)) {
        const cols = await columns(table);
        if (!cols.has('company_id')) continue;
        const n = await violations(table, v, sql`t.company_id IS DISTINCT FROM ${v.companyId} AND t.company_id IS NOT NULL`);
        expect(n, `${name} in ${table}`).toBe(0);
      }
    }
  });

  it('a participant reaches only rows about themselves', async () => {
    for (const name of ['participant', 'participant2']) {
      const v = viewers.get(name);
      if (!v?.participantId) throw new Error(`${name} has no participant`);
      for (const table of Object.keys(tableScopes)) {
        const cols = await columns(table);
        if (table === 'participants') expect(await violations(table, v, sql`t.id <> ${v.participantId}`)).toBe(0);
        else if (cols.has('participant_id') && table !== 'messages' && table !== 'files' && table !== 'invitations') {
          expect(await violations(table, v, sql`t.participant_id IS DISTINCT FROM ${v.participantId}`), `${name} in ${table}`).toBe(0);
        }
      }
      expect(await reach('participants', v)).toBe(1);
      // Every work plan of their own, and no other (the violations above check the other half).
      const { rows: own } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM work_plans WHERE participant_id = $1', [v.participantId]);
      expect(await reach('work_plans', v)).toBe(own[0]?.n ?? -1);
      for (const staffOnly of ['cases', 'plans_of_approach', 'wage_value_measurements', 'wage_value_plans', 'dashboards', 'invitations', 'audit_log', 'transfer_settings', 'businesses']) {
        expect(await reach(staffOnly, v), `${name} in ${staffOnly}`).toBe(0);
      }
    }
  });

  it('messages are reached only by their sender and recipient', async () => {
    for (const [name, v] of viewers) {
      const mine = v.participantId
        ? sql`(t.sender_user_id = ${v.userId} OR t.recipient_user_id = ${v.userId} OR t.sender_participant_id = ${v.participantId} OR t.recipient_participant_id = ${v.participantId})`
        : sql`(t.sender_user_id = ${v.userId} OR t.recipient_user_id = ${v.userId})`;
      expect(await violations('messages', v, sql`NOT ${mine}`), name).toBe(0);
    }
    const participant = viewers.get('participant');
    if (participant) expect(await reach('messages', participant)).toBeGreaterThan(0);
  });

  it('a coach or manager without access to all reaches work plans, reviews and measurements of the caseload only', async () => {
    for (const name of ['coach', 'manager', 'coach2', 'manager2']) {
      const v = viewers.get(name);
      if (!v || v.accessToAllParticipants) continue;
      const outside = (_table: string) =>
        sql`NOT EXISTS (SELECT 1 FROM participants p WHERE p.id = t.participant_id AND ${caseload(v, 'p')})`;
      for (const table of ['work_plans', 'assignments', 'reviews', 'participant_reviews', 'placements', 'cases']) {
        expect(await violations(table, v, outside(table)), `${name} in ${table}`).toBe(0);
      }
      expect(
        await violations('wage_value_measurements', v, sql`${outside('m')} AND t.created_by_user_id <> ${v.userId} AND t.expert_user_id IS DISTINCT FROM ${v.userId}`),
        `${name} in measurements`,
      ).toBe(0);
      expect(await reach('participants', v), `${name} has a caseload`).toBeGreaterThan(0);
    }
  });

  it('an administrator reaches every participant and work plan of the company', async () => {
    const v = viewers.get('admin');
    if (!v) throw new Error('admin missing');
    const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM work_plans WHERE company_id = $1', [v.companyId]);
    expect(await reach('work_plans', v)).toBe(total.rows[0]?.n);
  });

  it('the wage-value expert (access to all) reaches every measurement of the company', async () => {
    const v = viewers.get('expert');
    if (!v) throw new Error('expert missing');
    const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wage_value_measurements m JOIN participants p ON p.id = m.participant_id WHERE m.company_id = $1 AND p.display = 1', [v.companyId]);
    expect(await reach('wage_value_measurements', v)).toBeGreaterThanOrEqual(total.rows[0]?.n ?? 0);
  });

  it('dashboards follow their visible projects and roles', async () => {
    for (const name of ['manager', 'coach', 'expert']) {
      const v = viewers.get(name);
      if (!v) continue;
      const bad = sql`NOT ((cardinality(t.visible_role_ids) = 0 OR ${v.roleId} = ANY(t.visible_role_ids)) AND (${v.projectId === null ? raw('TRUE') : sql`cardinality(t.visible_project_ids) = 0 OR ${v.projectId} = ANY(t.visible_project_ids)`}))`;
      expect(await violations('dashboards', v, bad), name).toBe(0);
    }
  });
});
