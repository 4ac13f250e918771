import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { can } from '../auth/permissions';
import { usersScope, workPlansScope } from '../auth/scope';
import {
  AddWorkPlanSchema,
  EndWorkPlanSchema,
  UpdateWorkPlanSchema,
  WorkPlanRefSchema,
  clearedToNull,
  srgReasonIssue,
} from '../../src/domain/work-plan/inputs';
import { WorkPlanReason } from '../../src/domain/work-plan/reasons';
import { reopenedStatus } from '../../src/domain/work-plan/views';
import { Role } from '../../src/domain/shared/roles';
import { byId, byUuid, ok, parseOr, refuse, today, uuidTakenElsewhere, workPlanSettings, type EffectAnswer, type WorkPlanRow } from './common';

/** A coach or manager must be a staff user of the company the viewer may see. */
async function staffUserOk(tx: Queryable, viewer: Viewer, id: number | null | undefined): Promise<boolean> {
  if (id == null) return true;
  const { rows } = await run(tx, sql`SELECT 1 FROM users u WHERE u.id = ${id} AND u.deleted_at IS NULL AND u.acl_role_id <> ${Role.participant} AND ${usersScope(viewer, 'u')}`);
  return rows.length > 0;
}

/** addWorkPlan: a plan for a participant from a blueprint, with its behaviours, skills and assignments. */
export async function addWorkPlan(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'add', 'workPlans')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(AddWorkPlanSchema, input);
  if ('answer' in p) return p.answer;
  const i = p.value;
  const participant = await byId<{ id: number; coach_id: number | null; manager_id: number | null }>(tx, 'participants', viewer, i.participantId!);
  if (!participant) return refuse(WorkPlanReason.notFound);
  const blueprint = await byId<{ id: number; name: string; provision_type_id: number | null }>(tx, 'blueprints', viewer, i.blueprintId!);
  if (!blueprint) return refuse(WorkPlanReason.notFound);
  const settings = await workPlanSettings(tx, viewer.companyId);
  const coachId = i.coachId === undefined ? participant.coach_id : clearedToNull(i.coachId);
  let managerId = i.managerId === undefined ? participant.manager_id : clearedToNull(i.managerId);
  if (!settings.hasManager) {
    if (i.managerId != null && i.managerId !== '') return refuse(WorkPlanReason.noManagerSetting);
    managerId = null;
  }
  if (!(await staffUserOk(tx, viewer, coachId)) || !(await staffUserOk(tx, viewer, managerId))) return refuse(WorkPlanReason.notFound);
  const status = reopenedStatus(i.startDate, today());
  if (await uuidTakenElsewhere(tx, 'work_plans', viewer, i.uuid)) return refuse(WorkPlanReason.alreadyExists);
  const inserted = await run<{ id: number }>(
    tx,
    sql`INSERT INTO work_plans (uuid, company_id, participant_id, blueprint_id, name, status, coach_id, manager_id, provision_type_id, start_date, expected_end_date, created_by_user_id)
        VALUES (${i.uuid}::uuid, ${viewer.companyId}, ${participant.id}, ${blueprint.id}, ${i.name || blueprint.name}, ${status}, ${coachId ?? null}, ${managerId ?? null},
                ${blueprint.provision_type_id}, ${i.startDate}::date, ${i.expectedEndDate}::date, ${viewer.userId})
        ON CONFLICT (company_id, uuid) DO NOTHING RETURNING id`,
  );
  const planId = inserted.rows[0]?.id;
  if (planId === undefined) return refuse(WorkPlanReason.alreadyExists);
  await run(tx, sql`INSERT INTO work_plan_behaviors (company_id, work_plan_id, behavior_id, target_score, sort_order)
    SELECT company_id, ${planId}, behavior_id, target_score, sort_order FROM blueprint_behaviors WHERE blueprint_id = ${blueprint.id} AND deleted_at IS NULL`);
  await run(tx, sql`INSERT INTO work_plan_skills (company_id, work_plan_id, skill_id, target_score, sort_order)
    SELECT company_id, ${planId}, skill_id, target_score, sort_order FROM blueprint_skills WHERE blueprint_id = ${blueprint.id} AND deleted_at IS NULL`);
  await run(tx, sql`INSERT INTO assignments (company_id, work_plan_id, work_order_id, participant_id, status, sort_order)
    SELECT company_id, ${planId}, work_order_id, ${participant.id}, 0, row_number() OVER (ORDER BY sort_order, id) - 1
    FROM blueprint_work_orders WHERE blueprint_id = ${blueprint.id} AND deleted_at IS NULL`);
  return ok();
}

/**
 * updateWorkPlan: one plan or many (the batched coach or manager change); all or nothing.
 *
 * The screen queues one row per plan, so each plan is merged, checked for conflicts and answered on
 * its own (its row carries that plan's base). A row with several uuids (queued before that, or sent by
 * another caller) carries the base of its first plan only: `merged` names that plan, whose input is
 * the per-field merge (server values kept for fields the row sent unchanged); every other plan gets
 * the values as sent (`sent`), never the first plan's server values.
 */
export async function updateWorkPlan(
  tx: Queryable,
  viewer: Viewer,
  input: unknown,
  merged?: { uuid: string; sent: unknown },
): Promise<EffectAnswer> {
  if (!can(viewer, 'edit', 'workPlans')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(UpdateWorkPlanSchema, input);
  if ('answer' in p) return p.answer;
  const mergedPlan = merged?.uuid.toLowerCase();
  if (merged && p.value.uuids.length > 1) {
    const asSent = parseOr(UpdateWorkPlanSchema, merged.sent);
    if ('answer' in asSent) return asSent.answer;
    for (const uuid of asSent.value.uuids) {
      const answer = await updateWorkPlan(tx, viewer, { ...(uuid.toLowerCase() === mergedPlan ? p.value : asSent.value), uuids: [uuid] });
      if (!answer.success) return answer;
    }
    return ok();
  }
  const i = p.value;
  const settings = await workPlanSettings(tx, viewer.companyId);
  const coachId = clearedToNull(i.coachId);
  const managerId = clearedToNull(i.managerId);
  if (managerId != null && !settings.hasManager) return refuse(WorkPlanReason.noManagerSetting);
  if (!(await staffUserOk(tx, viewer, coachId)) || !(await staffUserOk(tx, viewer, managerId))) return refuse(WorkPlanReason.notFound);
  for (const uuid of i.uuids) {
    const plan = await byUuid<WorkPlanRow>(tx, 'work_plans', viewer, uuid, true);
    if (!plan) return refuse(WorkPlanReason.notFound);
    const start = i.startDate === undefined ? plan.start_date : i.startDate || null;
    const end = i.expectedEndDate === undefined ? plan.expected_end_date : i.expectedEndDate || null;
    if (start && end && end < start) return refuse(WorkPlanReason.endBeforeStart);
    await run(tx, sql`UPDATE work_plans SET
        name = ${i.name ?? plan.name},
        start_date = ${start}::date,
        expected_end_date = ${end}::date,
        coach_id = ${coachId === undefined ? plan.coach_id : coachId},
        manager_id = ${managerId === undefined ? plan.manager_id : managerId}
      WHERE id = ${plan.id}`);
  }
  return ok();
}

const CHILDREN = ['work_plan_behaviors', 'work_plan_skills', 'assignments'] as const;

/** deleteWorkPlan: a soft delete of the plan and its parts (restoreWorkPlan undoes it). */
export async function deleteWorkPlan(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'delete', 'workPlans')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(WorkPlanRefSchema, input);
  if ('answer' in p) return p.answer;
  const plan = await byUuid<WorkPlanRow>(tx, 'work_plans', viewer, p.value.uuid, true);
  if (!plan) return refuse(WorkPlanReason.notFound);
  const stamp = new Date().toISOString();
  await run(tx, sql`UPDATE work_plans SET deleted_at = ${stamp}::timestamptz WHERE id = ${plan.id}`);
  for (const t of CHILDREN) await tx.query(`UPDATE ${t} SET deleted_at = $2::timestamptz WHERE work_plan_id = $1 AND deleted_at IS NULL`, [plan.id, stamp]);
  return ok();
}

/** restoreWorkPlan: the undo of a delete (the parts deleted with it come back). */
export async function restoreWorkPlan(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'delete', 'workPlans')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(WorkPlanRefSchema, input);
  if ('answer' in p) return p.answer;
  const { rows } = await run<WorkPlanRow>(tx, sql`SELECT * FROM work_plans t WHERE t.uuid = ${p.value.uuid}::uuid AND t.deleted_at IS NOT NULL AND ${workPlansScope(viewer, 't')} FOR UPDATE`);
  const plan = rows[0];
  if (!plan) return refuse(WorkPlanReason.notFound);
  const stamp = plan.deleted_at;
  await run(tx, sql`UPDATE work_plans SET deleted_at = NULL WHERE id = ${plan.id}`);
  for (const t of CHILDREN) await tx.query(`UPDATE ${t} SET deleted_at = NULL WHERE work_plan_id = $1 AND deleted_at = $2::timestamptz`, [plan.id, stamp]);
  return ok();
}

/** Ending a plan: reason and date required, not before the start, the SRG reason when srgEnabled. */
export async function endWorkPlan(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'edit', 'workPlans')) return refuse(WorkPlanReason.forbidden);
  const pre = parseOr(WorkPlanRefSchema, input);
  if ('answer' in pre) return pre.answer;
  const plan = await byUuid<WorkPlanRow>(tx, 'work_plans', viewer, pre.value.uuid, true);
  if (!plan) return refuse(WorkPlanReason.notFound);
  if (plan.status === 'finished') return refuse(WorkPlanReason.planEnded);
  const p = parseOr(EndWorkPlanSchema, { ...(input as object), startDate: plan.start_date });
  if ('answer' in p) return p.answer;
  const reason = await byId<{ id: number; srg_value: string }>(tx, 'work_plan_termination_reasons', viewer, Number(p.value.terminationReasonId));
  const settings = await workPlanSettings(tx, viewer.companyId);
  const issue = srgReasonIssue(settings.srgEnabled, reason ? { srgValue: reason.srg_value } : null);
  if (issue) return refuse(issue);
  await run(tx, sql`UPDATE work_plans SET status = 'finished', time_finished = ${p.value.endDate}::date, termination_reason_id = ${reason!.id} WHERE id = ${plan.id}`);
  return ok();
}

/** Reopening an ended plan: running again (to start when its start lies ahead), end date and reason cleared. */
export async function reopenWorkPlan(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!can(viewer, 'edit', 'workPlans')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(WorkPlanRefSchema, input);
  if ('answer' in p) return p.answer;
  const plan = await byUuid<WorkPlanRow>(tx, 'work_plans', viewer, p.value.uuid, true);
  if (!plan) return refuse(WorkPlanReason.notFound);
  if (plan.status !== 'finished') return refuse(WorkPlanReason.planNotEnded);
  await run(tx, sql`UPDATE work_plans SET status = ${reopenedStatus(plan.start_date, today())}, time_finished = NULL, termination_reason_id = NULL WHERE id = ${plan.id}`);
  return ok();
}
