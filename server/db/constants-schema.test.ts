import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssignmentStatus, FileKind, workPlanStatuses } from '../../src/domain/work-plan/constants';
import { MeasurementType, measurementStatuses } from '../../src/domain/wage-value/constants';
import type { Db, Queryable } from './db';
import { createTestDb } from '../test/db';

/** The domain constants (src/domain) and the schema's CHECK constraints must accept exactly the same values. */
let db: Db;
let ids: { company: number; participant: number; user: number; workPlan: number; workOrder: number };

beforeAll(async () => {
  db = await createTestDb();
  const one = async (sql: string, params: unknown[]): Promise<number> => (await db.query<{ id: number }>(sql, params)).rows[0]?.id ?? 0;
  const company = await one("INSERT INTO companies (name) VALUES ('Constanten BV') RETURNING id", []);
  const user = await one("INSERT INTO users (company_id, acl_role_id, username) VALUES ($1, 4, 'const_coach') RETURNING id", [company]);
  const participant = await one("INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, 'Anna', 'Smit') RETURNING id", [company]);
  const workPlan = await one("INSERT INTO work_plans (company_id, participant_id, name) VALUES ($1, $2, 'Plan') RETURNING id", [company, participant]);
  const workOrder = await one("INSERT INTO work_orders (company_id, name) VALUES ($1, 'Opdracht') RETURNING id", [company]);
  ids = { company, participant, user, workPlan, workOrder };
});
afterAll(async () => {
  await db.close();
});

/** Whether a statement succeeds, rolled back either way. */
async function accepted(run: (tx: Queryable) => Promise<unknown>): Promise<boolean> {
  const ok = Symbol('rollback');
  try {
    await db.transaction(async (tx) => {
      await run(tx);
      throw ok;
    });
  } catch (err) {
    return err === ok;
  }
  return false;
}

describe('domain constants agree with the schema', () => {
  it('file kinds', async () => {
    for (let kind = 0; kind <= 20; kind++) {
      const ok = await accepted((tx) => tx.query("INSERT INTO files (company_id, kind, name, mime, size, storage_key) VALUES ($1, $2, 'f', 'text/plain', 1, 'k')", [ids.company, kind]));
      expect(ok, `kind ${kind}`).toBe((Object.values(FileKind) as number[]).includes(kind));
    }
  });

  it('assignment statuses', async () => {
    for (let status = -1; status <= 3; status++) {
      const ok = await accepted((tx) => tx.query('INSERT INTO assignments (company_id, work_plan_id, work_order_id, participant_id, status) VALUES ($1, $2, $3, $4, $5)', [ids.company, ids.workPlan, ids.workOrder, ids.participant, status]));
      expect(ok, `status ${status}`).toBe((Object.values(AssignmentStatus) as number[]).includes(status));
    }
  });

  it('work-plan statuses', async () => {
    for (const status of [...workPlanStatuses, 'started', 'ended']) {
      const ok = await accepted((tx) => tx.query("INSERT INTO work_plans (company_id, participant_id, name, status, start_date, time_finished) VALUES ($1, $2, 'p', $3, '2026-01-01', '2026-02-01')", [ids.company, ids.participant, status]));
      expect(ok, status).toBe((workPlanStatuses as readonly string[]).includes(status));
    }
  });

  it('measurement statuses and types', async () => {
    for (const status of [...measurementStatuses, 'archived']) {
      const ok = await accepted((tx) => tx.query("INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id, status, definitive_at) VALUES ($1, $2, $3, $4, now())", [ids.company, ids.participant, ids.user, status]));
      expect(ok, status).toBe((measurementStatuses as readonly string[]).includes(status));
    }
    for (const type of [0, 1, 2, 3]) {
      const ok = await accepted((tx) => tx.query('INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id, type) VALUES ($1, $2, $3, $4)', [ids.company, ids.participant, ids.user, type]));
      expect(ok, `type ${type}`).toBe((Object.values(MeasurementType) as number[]).includes(type));
    }
  });
});
