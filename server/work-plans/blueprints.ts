import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { can } from '../auth/permissions';
import { companyScope } from '../auth/scope';
import { DeleteBlueprintSchema, SaveBlueprintSchema, SaveWorkOrderSchema } from '../../src/domain/work-plan/inputs';
import { WorkPlanReason } from '../../src/domain/work-plan/reasons';
import { byId, byUuid, ok, parseOr, refuse, uuidTakenElsewhere, type EffectAnswer } from './common';

/** Every id must be a live row of the company. */
async function allInCompany(tx: Queryable, viewer: Viewer, table: string, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(DISTINCT id)::int AS n FROM ${table} WHERE id = ANY($1::bigint[]) AND company_id = $2 AND deleted_at IS NULL`,
    [ids, viewer.companyId],
  );
  return rows[0]?.n === new Set(ids).size;
}

/** saveBlueprint: creates or replaces a blueprint with its steps, work orders, behaviours, skills and workplaces. */
export async function saveBlueprint(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'add', 'blueprints') || !can(viewer, 'edit', 'blueprints')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(SaveBlueprintSchema, input);
  if ('answer' in p) return p.answer;
  const i = p.value;
  const checks = await Promise.all([
    i.categoryId == null || byId(tx, 'blueprint_categories', viewer, i.categoryId),
    i.provisionTypeId == null || byId(tx, 'provision_types', viewer, i.provisionTypeId),
    i.competencySystemId == null || byId(tx, 'competency_systems', viewer, i.competencySystemId),
    allInCompany(tx, viewer, 'work_orders', i.workOrderIds),
    allInCompany(tx, viewer, 'behaviors', i.behaviors.map((b) => b.behaviorId)),
    allInCompany(tx, viewer, 'skills', i.skills.map((s) => s.skillId)),
    allInCompany(tx, viewer, 'workplaces', i.workplaceIds),
  ]);
  if (checks.some((c) => !c)) return refuse(WorkPlanReason.unknownItem);
  if (i.steps.some((s, n) => s.parentIndex != null && s.parentIndex >= n)) return refuse(WorkPlanReason.invalidInput);
  const existing = await byUuid<{ id: number }>(tx, 'blueprints', viewer, i.uuid, true);
  let id: number;
  if (existing) {
    id = existing.id;
    await run(tx, sql`UPDATE blueprints SET name = ${i.name}, description = ${i.description ?? null}, category_id = ${i.categoryId ?? null},
      provision_type_id = ${i.provisionTypeId ?? null}, competency_system_id = ${i.competencySystemId ?? null}, participant_status_ids = ${i.participantStatusIds}::int[] WHERE id = ${id}`);
    for (const t of ['blueprint_work_orders', 'blueprint_behaviors', 'blueprint_skills']) {
      await tx.query(`UPDATE ${t} SET deleted_at = now() WHERE blueprint_id = $1 AND deleted_at IS NULL`, [id]);
    }
    await tx.query('DELETE FROM blueprint_behaviors WHERE blueprint_id = $1 AND deleted_at IS NOT NULL', [id]);
    await tx.query('DELETE FROM blueprint_skills WHERE blueprint_id = $1 AND deleted_at IS NOT NULL', [id]);
    await tx.query('UPDATE blueprint_steps SET deleted_at = now() WHERE blueprint_id = $1 AND deleted_at IS NULL', [id]);
    await tx.query('DELETE FROM blueprint_workplaces WHERE blueprint_id = $1', [id]);
  } else {
    if (await uuidTakenElsewhere(tx, 'blueprints', viewer, i.uuid)) return refuse(WorkPlanReason.alreadyExists);
    const { rows } = await run<{ id: number }>(
      tx,
      sql`INSERT INTO blueprints (uuid, company_id, name, description, category_id, provision_type_id, competency_system_id, participant_status_ids)
          VALUES (${i.uuid}::uuid, ${viewer.companyId}, ${i.name}, ${i.description ?? null}, ${i.categoryId ?? null}, ${i.provisionTypeId ?? null}, ${i.competencySystemId ?? null}, ${i.participantStatusIds}::int[])
          ON CONFLICT (company_id, uuid) DO NOTHING RETURNING id`,
    );
    if (!rows[0]) return refuse(WorkPlanReason.alreadyExists);
    id = rows[0].id;
  }
  const stepIds: number[] = [];
  for (const [n, s] of i.steps.entries()) {
    const parent = s.parentIndex == null ? null : (stepIds[s.parentIndex] ?? null);
    const { rows } = await run<{ id: number }>(tx, sql`INSERT INTO blueprint_steps (company_id, blueprint_id, parent_step_id, label, sort_order) VALUES (${viewer.companyId}, ${id}, ${parent}, ${s.label}, ${n}) RETURNING id`);
    stepIds.push(rows[0]!.id);
  }
  for (const [n, w] of i.workOrderIds.entries()) {
    await run(tx, sql`INSERT INTO blueprint_work_orders (company_id, blueprint_id, work_order_id, sort_order) VALUES (${viewer.companyId}, ${id}, ${w}, ${n})`);
  }
  for (const [n, b] of i.behaviors.entries()) {
    await run(tx, sql`INSERT INTO blueprint_behaviors (company_id, blueprint_id, behavior_id, target_score, sort_order) VALUES (${viewer.companyId}, ${id}, ${b.behaviorId}, ${b.targetScore ?? null}, ${n}) ON CONFLICT (blueprint_id, behavior_id) DO NOTHING`);
  }
  for (const [n, s] of i.skills.entries()) {
    await run(tx, sql`INSERT INTO blueprint_skills (company_id, blueprint_id, skill_id, target_score, sort_order) VALUES (${viewer.companyId}, ${id}, ${s.skillId}, ${s.targetScore ?? null}, ${n}) ON CONFLICT (blueprint_id, skill_id) DO NOTHING`);
  }
  for (const w of new Set(i.workplaceIds)) {
    await run(tx, sql`INSERT INTO blueprint_workplaces (company_id, blueprint_id, workplace_id) VALUES (${viewer.companyId}, ${id}, ${w})`);
  }
  return ok();
}

/** deleteBlueprint: refused while an unfinished work plan was built from it. */
export async function deleteBlueprint(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'delete', 'blueprints')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(DeleteBlueprintSchema, input);
  if ('answer' in p) return p.answer;
  const bp = await byUuid<{ id: number }>(tx, 'blueprints', viewer, p.value.uuid, true);
  if (!bp) return refuse(WorkPlanReason.notFound);
  const { rows } = await run<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM work_plans w WHERE w.blueprint_id = ${bp.id} AND w.deleted_at IS NULL AND w.status <> 'finished' AND ${companyScope(viewer, 'w')}`);
  if ((rows[0]?.n ?? 0) > 0) return refuse(WorkPlanReason.blueprintInUse);
  await run(tx, sql`UPDATE blueprints SET deleted_at = now() WHERE id = ${bp.id}`);
  return ok();
}

/** A new work order (werkopdracht) for blueprints. */
export async function saveWorkOrder(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'add', 'blueprints')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(SaveWorkOrderSchema, input);
  if ('answer' in p) return p.answer;
  const i = p.value;
  if (i.disciplineId != null && !(await byId(tx, 'disciplines', viewer, i.disciplineId))) return refuse(WorkPlanReason.unknownItem);
  if (await uuidTakenElsewhere(tx, 'work_orders', viewer, i.uuid)) return refuse(WorkPlanReason.alreadyExists);
  const { rows } = await run<{ id: number }>(
    tx,
    sql`INSERT INTO work_orders (uuid, company_id, name, description, discipline_id, created_by_user_id)
        VALUES (${i.uuid}::uuid, ${viewer.companyId}, ${i.name}, ${i.description ?? null}, ${i.disciplineId ?? null}, ${viewer.userId})
        ON CONFLICT (company_id, uuid) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, discipline_id = EXCLUDED.discipline_id
        WHERE work_orders.company_id = ${viewer.companyId} RETURNING id`,
  );
  return rows[0] ? ok() : refuse(WorkPlanReason.alreadyExists);
}
