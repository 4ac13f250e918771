/**
 * Server effects of the planning writes (wage_value_plans and their notes) and the plan label
 * defaults of the wage-value settings (02 §3): a new plan takes newPlanStatus and
 * newPlanMeasurementSequence when it names none; when its measurement becomes definitive it takes
 * definitivePlanStatus and definitivePlanMeasurementSequence.
 */
import * as v from 'valibot';
import { run, sql } from '../db/sql';
import { participantsScope, usersScope, wageValuePlansScope } from '../auth/scope';
import { can, loadViewerFlags } from '../auth/permissions';
import { DeletePlanNoteSchema, DeletePlanSchema, PlanNoteSchema, PlanSchema } from '../../src/domain/wage-value/schemas';
import { E, ok, refuse, type EffectAnswer, type EffectContext } from './effect';

interface Defaults { new_plan_status_id: number | null; new_plan_sequence_id: number | null; definitive_plan_status_id: number | null; definitive_plan_sequence_id: number | null }

async function defaults(c: EffectContext): Promise<Defaults | null> {
  const { rows } = await run<Defaults>(c.tx, sql`SELECT new_plan_status_id, new_plan_sequence_id, definitive_plan_status_id, definitive_plan_sequence_id
    FROM wage_value_settings WHERE company_id = ${c.viewer.companyId} AND deleted_at IS NULL`);
  return rows[0] ?? null;
}

/** The plan of a measurement that became definitive: linked plan, else the participant's active plan without one. */
export async function applyDefinitivePlanDefaults(c: EffectContext, measurementId: number, participantId: number): Promise<void> {
  const d = await defaults(c);
  const { rows } = await run<{ id: number }>(c.tx, sql`SELECT id FROM wage_value_plans
    WHERE company_id = ${c.viewer.companyId} AND deleted_at IS NULL
      AND (measurement_id = ${measurementId} OR (participant_id = ${participantId} AND measurement_id IS NULL AND active))
    ORDER BY (measurement_id = ${measurementId}) DESC NULLS LAST, plan_date DESC NULLS LAST LIMIT 1 FOR UPDATE`);
  const plan = rows[0];
  if (!plan) return;
  await run(c.tx, sql`UPDATE wage_value_plans SET measurement_id = ${measurementId}, active = false, updated_by_user_id = ${c.viewer.userId},
    status_id = coalesce(${d?.definitive_plan_status_id ?? null}::bigint, status_id),
    sequence_id = coalesce(${d?.definitive_plan_sequence_id ?? null}::bigint, sequence_id)
    WHERE id = ${plan.id}`);
}

async function listEntryOk(c: EffectContext, table: 'wage_value_plan_statuses' | 'wage_value_plan_sequences' | 'wage_value_regions', id: number | null): Promise<boolean> {
  if (id === null) return true;
  const { rows } = await c.tx.query(`SELECT 1 FROM ${table} WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL`, [id, c.viewer.companyId]);
  return rows.length > 0;
}

/** addWageValuePlan / updateWageValuePlan (one upsert by uuid). */
export async function savePlan(c: EffectContext, raw: unknown, mode: 'add' | 'update'): Promise<EffectAnswer> {
  const parsed = v.safeParse(PlanSchema, raw);
  if (!parsed.success) return refuse(parsed.issues[0].message.startsWith('wageValue.') ? parsed.issues[0].message : E('invalidInput'), { field: parsed.issues[0].path?.map((p) => String(p.key)).join('.') ?? '' });
  const p = parsed.output;
  const flags = await loadViewerFlags(c.tx, c.viewer);
  if (!can(c.viewer, mode === 'add' ? 'add' : 'edit', 'wageValuePlans', flags)) return refuse(E('forbidden'));
  const { rows: participants } = await run(c.tx, sql`SELECT 1 FROM participants pp WHERE pp.id = ${p.participantId} AND pp.deleted_at IS NULL AND ${participantsScope(c.viewer, 'pp')}`);
  if (participants.length === 0) return refuse(E('participantNotFound'));
  if (!(await listEntryOk(c, 'wage_value_plan_statuses', p.statusId)) || !(await listEntryOk(c, 'wage_value_plan_sequences', p.sequenceId)) || !(await listEntryOk(c, 'wage_value_regions', p.regionId))) {
    return refuse(E('listEntryNotFound'));
  }
  if (p.assessorUserId !== null) {
    const { rows } = await run(c.tx, sql`SELECT 1 FROM users u WHERE u.id = ${p.assessorUserId} AND ${usersScope(c.viewer, 'u')}`);
    if (rows.length === 0) return refuse(E('listEntryNotFound'));
  }
  const { rows: existing } = await run<{ id: number; deleted_at: string | null }>(c.tx, sql`SELECT t.id, t.deleted_at FROM wage_value_plans t
    WHERE t.uuid = ${p.uuid}::uuid AND t.company_id = ${c.viewer.companyId} AND ${wageValuePlansScope(c.viewer, 't')} FOR UPDATE`);
  const row = existing[0];
  if (mode === 'update') {
    if (!row || row.deleted_at !== null) return refuse(E('planNotFound'));
    await run(c.tx, sql`UPDATE wage_value_plans SET participant_id = ${p.participantId}, plan_date = ${p.planDate}, status_id = ${p.statusId},
      sequence_id = ${p.sequenceId}, region_id = ${p.regionId}, assessor_user_id = ${p.assessorUserId}, active = ${p.active},
      employer_name = ${p.employerName}, employer_address = ${p.employerAddress}, employer_place = ${p.employerPlace},
      employer_contact = ${p.employerContact}, employer_phone = ${p.employerPhone}, job_coach = ${p.jobCoach}, notes = ${p.notes},
      updated_by_user_id = ${c.viewer.userId} WHERE id = ${row.id}`);
    return ok(p.uuid);
  }
  if (row) return ok(p.uuid); // the same add delivered twice
  const d = await defaults(c);
  await run(c.tx, sql`INSERT INTO wage_value_plans (uuid, company_id, participant_id, plan_date, status_id, sequence_id, region_id, assessor_user_id,
      active, employer_name, employer_address, employer_place, employer_contact, employer_phone, job_coach, notes, created_by_user_id, updated_by_user_id)
    VALUES (${p.uuid}::uuid, ${c.viewer.companyId}, ${p.participantId}, ${p.planDate}, ${p.statusId ?? d?.new_plan_status_id ?? null},
      ${p.sequenceId ?? d?.new_plan_sequence_id ?? null}, ${p.regionId}, ${p.assessorUserId}, ${p.active}, ${p.employerName}, ${p.employerAddress},
      ${p.employerPlace}, ${p.employerContact}, ${p.employerPhone}, ${p.jobCoach}, ${p.notes}, ${c.viewer.userId}, ${c.viewer.userId})`);
  return ok(p.uuid);
}

export async function deletePlan(c: EffectContext, raw: unknown): Promise<EffectAnswer> {
  const parsed = v.safeParse(DeletePlanSchema, raw);
  if (!parsed.success) return refuse(E('invalidInput'));
  if (!can(c.viewer, 'delete', 'wageValuePlans', await loadViewerFlags(c.tx, c.viewer))) return refuse(E('forbidden'));
  const res = await run(c.tx, sql`UPDATE wage_value_plans t SET deleted_at = now(), updated_by_user_id = ${c.viewer.userId}
    WHERE t.uuid = ${parsed.output.uuid}::uuid AND t.deleted_at IS NULL AND t.company_id = ${c.viewer.companyId} AND ${wageValuePlansScope(c.viewer, 't')}`);
  if (res.rowCount === 0) return refuse(E('planNotFound'));
  await run(c.tx, sql`UPDATE wage_value_plan_notes SET deleted_at = now() WHERE plan_id = (SELECT id FROM wage_value_plans WHERE uuid = ${parsed.output.uuid}::uuid) AND deleted_at IS NULL`);
  return ok(parsed.output.uuid);
}

/** addWageValuePlanNote / updateWageValuePlanNote. */
export async function savePlanNote(c: EffectContext, raw: unknown, mode: 'add' | 'update'): Promise<EffectAnswer> {
  const parsed = v.safeParse(PlanNoteSchema, raw);
  if (!parsed.success) return refuse(parsed.issues[0].message.startsWith('wageValue.') ? parsed.issues[0].message : E('invalidInput'), { field: parsed.issues[0].path?.map((p) => String(p.key)).join('.') ?? '' });
  const n = parsed.output;
  if (!can(c.viewer, 'edit', 'wageValuePlans', await loadViewerFlags(c.tx, c.viewer))) return refuse(E('forbidden'));
  const { rows: plans } = await run<{ id: number }>(c.tx, sql`SELECT t.id FROM wage_value_plans t WHERE t.uuid = ${n.planUuid}::uuid AND t.deleted_at IS NULL
    AND t.company_id = ${c.viewer.companyId} AND ${wageValuePlansScope(c.viewer, 't')}`);
  const plan = plans[0];
  if (!plan) return refuse(E('planNotFound'));
  const { rows: existing } = await run<{ id: number; plan_id: number; deleted_at: string | null }>(c.tx, sql`SELECT id, plan_id, deleted_at FROM wage_value_plan_notes
    WHERE uuid = ${n.uuid}::uuid AND company_id = ${c.viewer.companyId} FOR UPDATE`);
  const row = existing[0];
  if (mode === 'update') {
    if (!row || row.deleted_at !== null || Number(row.plan_id) !== Number(plan.id)) return refuse(E('noteNotFound'));
    await run(c.tx, sql`UPDATE wage_value_plan_notes SET note_date = ${n.noteDate}, assessor_user_id = ${n.assessorUserId}, text = ${n.text},
      updated_by_user_id = ${c.viewer.userId} WHERE id = ${row.id}`);
    return ok(n.uuid);
  }
  if (row) return ok(n.uuid);
  await run(c.tx, sql`INSERT INTO wage_value_plan_notes (uuid, company_id, plan_id, note_date, assessor_user_id, text, created_by_user_id, updated_by_user_id)
    VALUES (${n.uuid}::uuid, ${c.viewer.companyId}, ${plan.id}, ${n.noteDate}, ${n.assessorUserId}, ${n.text}, ${c.viewer.userId}, ${c.viewer.userId})`);
  return ok(n.uuid);
}

export async function deletePlanNote(c: EffectContext, raw: unknown): Promise<EffectAnswer> {
  const parsed = v.safeParse(DeletePlanNoteSchema, raw);
  if (!parsed.success) return refuse(E('invalidInput'));
  if (!can(c.viewer, 'edit', 'wageValuePlans', await loadViewerFlags(c.tx, c.viewer))) return refuse(E('forbidden'));
  const res = await run(c.tx, sql`UPDATE wage_value_plan_notes n SET deleted_at = now(), updated_by_user_id = ${c.viewer.userId}
    WHERE n.uuid = ${parsed.output.uuid}::uuid AND n.deleted_at IS NULL AND n.company_id = ${c.viewer.companyId}
      AND EXISTS (SELECT 1 FROM wage_value_plans t WHERE t.id = n.plan_id AND ${wageValuePlansScope(c.viewer, 't')})`);
  return res.rowCount === 0 ? refuse(E('noteNotFound')) : ok(parsed.output.uuid);
}
