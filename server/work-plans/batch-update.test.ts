/**
 * The batched coach or manager change (issue 19, point 4): merged, checked for conflicts and answered
 * per plan. The screen queues one row per plan (src/features/work-plans/batch-change.tsx); a row with
 * several uuids (queued before, or from another caller) merges against its first plan only and never
 * writes that plan's server values into the others. Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { pushDocument, type PushItem } from '../../src/domain/writes/push-document';
import type { PushAnswer } from '../../src/domain/sync/types';

let demo: DemoApp;
let staff: { coach: number; manager: number; expert: number; admin: number };

beforeAll(async () => {
  demo = await createDemoApp();
  staff = {
    coach: await demo.userId('coach'),
    manager: await demo.userId('manager'),
    expert: await demo.userId('expert'),
    admin: await demo.userId('admin'),
  };
  await demo.db.query(
    `UPDATE companies SET settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('workPlanSettings', coalesce(settings->'workPlanSettings', '{}'::jsonb) || '{"has-manager": true}'::jsonb)
      WHERE id = (SELECT company_id FROM users WHERE id = $1)`,
    [staff.admin],
  );
}, 400_000);

afterAll(async () => {
  await demo.db.close();
});

interface Plan {
  uuid: string;
  coach_id: number | null;
  manager_id: number | null;
  revision: number;
}

/** Three live plans of the admin's company, each set to coach `coach` and manager `manager`. */
async function threePlans(): Promise<[Plan, Plan, Plan]> {
  const { rows } = await demo.db.query<{ uuid: string }>(
    `SELECT w.uuid::text AS uuid FROM work_plans w WHERE w.deleted_at IS NULL AND w.company_id = (SELECT company_id FROM users WHERE id = $1)
      ORDER BY random() LIMIT 3`,
    [staff.admin],
  );
  expect(rows).toHaveLength(3);
  const uuids = rows.map((r) => r.uuid);
  await demo.db.query('UPDATE work_plans SET coach_id = $2, manager_id = $3 WHERE uuid = ANY($1::uuid[])', [uuids, staff.coach, staff.manager]);
  return (await plans(uuids)) as [Plan, Plan, Plan];
}

async function plans(uuids: readonly string[]): Promise<Plan[]> {
  const { rows } = await demo.db.query<Plan>('SELECT uuid::text AS uuid, coach_id, manager_id, revision FROM work_plans WHERE uuid = ANY($1::uuid[])', [uuids]);
  return uuids.map((u) => {
    const r = rows.find((x) => x.uuid === u)!;
    return { uuid: r.uuid, coach_id: r.coach_id == null ? null : Number(r.coach_id), manager_id: r.manager_id == null ? null : Number(r.manager_id), revision: Number(r.revision) };
  });
}

async function push(items: readonly PushItem[]): Promise<(PushAnswer | null)[]> {
  const doc = pushDocument(items);
  const res = await demo.gql<Record<string, PushAnswer | null>>('admin', doc.query, doc.variables);
  expect(res.errors).toBeUndefined();
  return items.map((_, i) => res.data?.[`r${i}`] ?? null);
}

const update = (uuids: string[], input: Record<string, unknown>, base?: { revision: number; values: Record<string, unknown> }): PushItem => ({
  mutation: 'updateWorkPlan',
  input: { uuids, ...input },
  clientMutationId: uuidv7(),
  baseRevision: base?.revision ?? null,
  baseValues: base?.values ?? null,
});

describe('the batched work-plan change', () => {
  it('a row with several plans: a server change of the first plan stays on the first plan and never leaks into the others', async () => {
    const [a, b, c] = await threePlans();
    // Meanwhile a manager moved plan A to manager Y (expert).
    expect((await push([update([a.uuid], { managerId: staff.expert }, { revision: a.revision, values: { managerId: staff.manager } })]))[0]).toMatchObject({ success: true });
    // Offline, the coach set coach X (admin) on A, B and C; the row carries A's base, managerId as seen (unchanged).
    const [answer] = await push([
      update([a.uuid, b.uuid, c.uuid], { coachId: staff.admin, managerId: staff.manager }, { revision: a.revision, values: { coachId: staff.coach, managerId: staff.manager } }),
    ]);
    expect(answer).toMatchObject({ success: true });
    const after = await plans([a.uuid, b.uuid, c.uuid]);
    expect(after.map((p) => [p.coach_id, p.manager_id])).toEqual([
      [staff.admin, staff.expert],
      [staff.admin, staff.manager],
      [staff.admin, staff.manager],
    ]);
  });

  it('one row per plan (as the screen sends it): concurrent edits of B and C conflict, A goes through, nothing leaks', async () => {
    const [a, b, c] = await threePlans();
    // Meanwhile B and C got another coach on the server.
    const moved = await push([
      update([b.uuid], { coachId: staff.expert }, { revision: b.revision, values: { coachId: staff.coach } }),
      update([c.uuid], { coachId: staff.expert }, { revision: c.revision, values: { coachId: staff.coach } }),
    ]);
    expect(moved.every((m) => m?.success)).toBe(true);
    const rows = [a, b, c].map((p) => update([p.uuid], { coachId: staff.admin }, { revision: p.revision, values: { coachId: staff.coach } }));
    const answers = await push(rows);
    expect(answers[0]).toMatchObject({ success: true });
    for (const answer of answers.slice(1)) {
      expect(answer).toMatchObject({ success: false, reason: 'conflict', conflict: { fields: ['coachId'] } });
    }
    expect((answers[1]?.conflict?.serverDocument as { uuid: string }).uuid).toBe(b.uuid);
    expect((answers[2]?.conflict?.serverDocument as { uuid: string }).uuid).toBe(c.uuid);
    const after = await plans([a.uuid, b.uuid, c.uuid]);
    expect(after.map((p) => p.coach_id)).toEqual([staff.admin, staff.expert, staff.expert]);
  });
});
