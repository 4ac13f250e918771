/**
 * Server effects of the measurement writes: save one step, set the status, delete a concept. The
 * server recomputes the figures on every save with the domain's calculation, and refuses what the form
 * refuses (the same rules, the same reason keys).
 */
import type { Row } from '../db/db';
import { raw, run, sql } from '../db/sql';
import { participantsScope, wageValueMeasurementsScope } from '../auth/scope';
import { can, loadViewerFlags } from '../auth/permissions';
import { rowToDocument } from '../sync/document';
import { calculate } from '../../src/domain/wage-value/calculation';
import { draftOfDocument, usedTasks, type MeasurementDocument, type MeasurementDraft } from '../../src/domain/wage-value/measurement';
import { checkSave, draftAfterSave, measurementPatch, SetStatusSchema, DeleteMeasurementSchema } from '../../src/domain/wage-value/schemas';
import { validateMeasurement } from '../../src/domain/wage-value/validation';
import * as v from 'valibot';
import { E, ok, refuse, type EffectAnswer, type EffectContext } from './effect';
import { storeDefinitiveReport } from './report-file';
import { applyDefinitivePlanDefaults } from './plans';

export type MeasurementRow = Row & { id: number; uuid: string; participant_id: number; status: string; deleted_at: string | null };

/** The measurement row by uuid in the viewer's scope, locked for the write (null: unknown or out of scope). */
export async function lockMeasurement(c: EffectContext, uuid: string): Promise<MeasurementRow | null> {
  const { rows } = await run<MeasurementRow>(c.tx, sql`SELECT t.* FROM wage_value_measurements t
    WHERE t.uuid = ${uuid}::uuid AND t.company_id = ${c.viewer.companyId} AND ${wageValueMeasurementsScope(c.viewer, 't')} FOR UPDATE`);
  return rows[0] ?? null;
}

export function documentOf(row: Row): MeasurementDocument {
  return rowToDocument(row) as unknown as MeasurementDocument;
}

/** Why a measurement cannot be edited any more (02 §8: definitive is a no-access message). */
export function lockedReason(status: string): string | null {
  if (status === 'definitive') return E('definitive');
  if (status === 'cancelled') return E('cancelled');
  return null;
}

async function participantInScope(c: EffectContext, participantId: number): Promise<Row | null> {
  const { rows } = await run(c.tx, sql`SELECT p.id, p.firstname, p.prefix, p.lastname, p.birthdate FROM participants p
    WHERE p.id = ${participantId} AND p.deleted_at IS NULL AND ${participantsScope(c.viewer, 'p')}`);
  return rows[0] ?? null;
}

const isoDay = (d: unknown): string | null => (d instanceof Date ? d.toISOString().slice(0, 10) : typeof d === 'string' ? d.slice(0, 10) : null);

/** The figures the server stores beside the groups (result jsonb, wage_value, part_time_factor). */
export function figuresOf(draft: MeasurementDraft): { result: Record<string, unknown>; wageValue: number | null; partTimeFactor: number | null } {
  const f = calculate(draft);
  return {
    result: {
      workPerformance: f.workPerformance, wageValuePercentage: f.wageValuePercentage, partTimeFactor: f.partTimeFactor,
      totalPercentageTimeSpent: f.totalPercentageTimeSpent, normFunctionTimeShare: f.normFunctionTimeShare, overlap: f.overlap,
      holidayAllowance: f.holidayAllowance, normWage: f.normWage, wageValue: f.wageValue, tasks: f.tasks,
    },
    wageValue: f.wageValuePercentage === null ? null : Math.min(100, Math.max(0, f.wageValuePercentage)),
    partTimeFactor: f.partTimeFactor === null ? null : Math.min(1, f.partTimeFactor),
  };
}

async function writeTaskRows(c: EffectContext, measurementId: number, draft: MeasurementDraft): Promise<void> {
  await c.tx.query("SELECT set_config('werkpad.wv_tasks_sync', 'off', true)");
  await run(c.tx, sql`UPDATE wage_value_tasks SET deleted_at = now() WHERE measurement_id = ${measurementId} AND deleted_at IS NULL`);
  const figures = calculate(draft).tasks;
  const clamp = (n: number | null): number | null => (n === null ? null : Math.min(100, Math.max(0, n)));
  const pct = (n: number | null): number | null => (n === null || n < 1 || n > 100 ? null : n);
  for (const [i, t] of usedTasks(draft.tasks).entries()) {
    const fig = figures[i];
    await run(c.tx, sql`INSERT INTO wage_value_tasks (company_id, measurement_id, sort_order, description, explanation, minutes_per_week,
        percentage_pace, pace_explanation, percentage_quality, quality_explanation, percentage_net_working_time, net_working_time_explanation,
        percentage_time_spent, work_performance, percentage_time_spent_norm_function, percentage_overlap)
      VALUES (${c.viewer.companyId}, ${measurementId}, ${t.sortOrder}, ${t.description}, ${t.explanation}, ${t.minutesPerWeek},
        ${pct(t.percentagePace)}, ${t.paceExplanation}, ${pct(t.percentageQuality)}, ${t.qualityExplanation}, ${pct(t.percentageNetWorkingTime)}, ${t.netWorkingTimeExplanation},
        ${clamp(fig?.percentageTimeSpent ?? null)}, ${clamp(fig?.workPerformance ?? null)}, ${clamp(t.percentageTimeSpentNormFunction)}, ${clamp(t.percentageOverlap)})`);
  }
  await c.tx.query("SELECT set_config('werkpad.wv_tasks_sync', 'on', true)");
}

/** saveWageValueMeasurement: one step of a measurement (creates it on the first save). */
export async function saveMeasurement(c: EffectContext, rawInput: unknown): Promise<EffectAnswer> {
  const flags = await loadViewerFlags(c.tx, c.viewer);
  const uuid = typeof rawInput === 'object' && rawInput !== null && typeof (rawInput as { uuid?: unknown }).uuid === 'string' ? (rawInput as { uuid: string }).uuid : '';
  const row = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid) ? await lockMeasurement(c, uuid) : null;
  if (row && row.deleted_at !== null) return refuse(E('notFound'));
  if (row) {
    if (!can(c.viewer, 'edit', 'wageValueMeasurements', flags)) return refuse(E('forbidden'));
    const locked = lockedReason(row.status);
    if (locked) return refuse(locked);
  } else {
    if (!can(c.viewer, 'add', 'wageValueMeasurements', flags)) return refuse(E('forbidden'));
    const taken = await c.tx.query('SELECT 1 FROM wage_value_measurements WHERE uuid = $1::uuid', [uuid]).catch(() => ({ rows: [] }));
    if (taken.rows.length > 0) return refuse(E('notFound'));
  }
  const current = row ? documentOf(row) : null;
  const checked = checkSave(current, rawInput);
  if (!checked.ok) return refuse(checked.issue.key, { ...checked.issue.params, field: checked.issue.path });
  const input = checked.value;
  if (row && Number(row.participant_id) !== input.participantId) return refuse(E('invalidInput'));
  const participant = await participantInScope(c, input.participantId);
  if (!participant) return refuse(E('participantNotFound'));

  if (!row) {
    const { rows: concepts } = await run<{ id: number }>(c.tx, sql`SELECT t.id FROM wage_value_measurements t
      WHERE t.participant_id = ${input.participantId} AND t.status = 'concept' AND t.deleted_at IS NULL FOR UPDATE`);
    if (concepts.length > 0) {
      if (!input.replaceExistingConcept) return refuse(E('conceptExists'));
      // "A new concept overwrites an existing concept after confirmation" (02 §4).
      await run(c.tx, sql`UPDATE wage_value_measurements SET deleted_at = now() WHERE id = ANY(${concepts.map((x) => x.id)}::bigint[])`);
    }
  }
  let copiedFromId: number | null = null;
  if (!row && input.copiedFromUuid) {
    const { rows } = await run<{ id: number }>(c.tx, sql`SELECT t.id FROM wage_value_measurements t WHERE t.uuid = ${input.copiedFromUuid}::uuid
      AND t.company_id = ${c.viewer.companyId} AND ${wageValueMeasurementsScope(c.viewer, 't')}`);
    copiedFromId = rows[0]?.id ?? null;
  }
  const draft = draftAfterSave(current, input);
  const patch = measurementPatch(input);
  const figures = figuresOf(draft);
  // The names and birth date as they were at the measurement; the BSN is not copied (issue 20): the
  // measurement refers to the participant, and the number is read from there, masked unless revealed.
  const snapshot = {
    firstname: participant.firstname, prefix: participant.prefix, lastname: participant.lastname,
    birthdate: isoDay(participant.birthdate),
  };
  const json = (x: unknown): string => JSON.stringify(x);
  // Only the saved step's groups are written, exactly as the optimistic patch has them, so the other
  // groups keep their revision-free values and a concurrent change elsewhere merges per field.
  const group = (name: 'details' | 'researchActivities' | 'normFunction' | 'advice' | 'tasks', column: string) =>
    patch[name] === undefined ? raw(column) : sql`${json(patch[name])}::jsonb`;
  const details = draft.details;
  let measurementId: number;
  if (row) {
    measurementId = Number(row.id);
    await run(c.tx, sql`UPDATE wage_value_measurements SET type = ${draft.type}, step = ${input.step},
      summary = ${patch.summary === undefined ? raw('summary') : sql`${patch.summary}`},
      starting_date = ${details.startingDate}, valid_until = ${details.validUntil}, employer_name = ${details.employerName || null},
      details = ${group('details', 'details')}, research_activities = ${group('researchActivities', 'research_activities')},
      norm_function = ${group('normFunction', 'norm_function')}, advice = ${group('advice', 'advice')}, tasks = ${group('tasks', 'tasks')},
      result = ${json(figures.result)}::jsonb, wage_value = ${figures.wageValue}, part_time_factor = ${figures.partTimeFactor},
      participant_snapshot = ${json(snapshot)}::jsonb
      WHERE id = ${measurementId}`);
  } else {
    const orEmpty = (x: unknown, empty: string): string => (x === undefined ? empty : json(x));
    const { rows } = await run<{ id: number }>(c.tx, sql`INSERT INTO wage_value_measurements (uuid, company_id, participant_id, status, type, step,
        summary, created_by_user_id, expert_user_id, copied_from_id, starting_date, valid_until, employer_name, wage_value, part_time_factor,
        participant_snapshot, details, research_activities, norm_function, result, advice, tasks)
      VALUES (${input.uuid}::uuid, ${c.viewer.companyId}, ${input.participantId}, 'concept', ${input.type}, ${input.step},
        ${patch.summary ?? null}, ${c.viewer.userId}, ${flags.wageValueExpert ? c.viewer.userId : null}, ${copiedFromId},
        ${details.startingDate}, ${details.validUntil}, ${details.employerName || null}, ${figures.wageValue}, ${figures.partTimeFactor},
        ${json(snapshot)}::jsonb, ${orEmpty(patch.details, '{}')}::jsonb, ${orEmpty(patch.researchActivities, '{}')}::jsonb,
        ${orEmpty(patch.normFunction, '{}')}::jsonb, ${json(figures.result)}::jsonb, ${orEmpty(patch.advice, '{}')}::jsonb, ${orEmpty(patch.tasks, '[]')}::jsonb)
      RETURNING id`);
    measurementId = Number(rows[0]?.id);
  }
  if (input.tasks || !row) await writeTaskRows(c, measurementId, draft);
  return ok(input.uuid);
}

/** setWageValueMeasurementStatus: concept → definitive (complete, read-only afterwards, report stored) or cancelled. */
export async function setMeasurementStatus(c: EffectContext, raw: unknown): Promise<EffectAnswer> {
  const parsed = v.safeParse(SetStatusSchema, raw);
  if (!parsed.success) return refuse(E('invalidInput'));
  const { uuid, status } = parsed.output;
  if (!can(c.viewer, 'edit', 'wageValueMeasurements', await loadViewerFlags(c.tx, c.viewer))) return refuse(E('forbidden'));
  const row = await lockMeasurement(c, uuid);
  if (!row || row.deleted_at !== null) return refuse(E('notFound'));
  const locked = lockedReason(row.status);
  if (locked) return refuse(locked);
  if (status === 'concept') return ok(uuid);
  if (status === 'cancelled') {
    await run(c.tx, sql`UPDATE wage_value_measurements SET status = 'cancelled' WHERE id = ${row.id}`);
    return ok(uuid);
  }
  const doc = documentOf(row);
  const draft = draftOfDocument(doc);
  const problems = validateMeasurement(draft);
  const first = problems[0];
  if (first) {
    const issue = first.issues[0];
    return refuse(E('incomplete'), { step: first.step, field: issue?.path ?? '', key: issue?.key ?? '' });
  }
  const figures = figuresOf(draft);
  await run(c.tx, sql`UPDATE wage_value_measurements SET status = 'definitive', definitive_at = ${c.now}::timestamptz, step = 8,
    result = ${JSON.stringify(figures.result)}::jsonb, wage_value = ${figures.wageValue}, part_time_factor = ${figures.partTimeFactor}
    WHERE id = ${row.id}`);
  const fileUuid = await storeDefinitiveReport(c, { ...row, status: 'definitive' }, draft);
  await run(c.tx, sql`UPDATE wage_value_measurements SET reports = reports || ${JSON.stringify({ professionalReport: fileUuid })}::jsonb WHERE id = ${row.id}`);
  await applyDefinitivePlanDefaults(c, Number(row.id), Number(row.participant_id));
  return ok(uuid);
}

/** deleteWageValueMeasurement: only a concept. */
export async function deleteMeasurement(c: EffectContext, raw: unknown): Promise<EffectAnswer> {
  const parsed = v.safeParse(DeleteMeasurementSchema, raw);
  if (!parsed.success) return refuse(E('invalidInput'));
  if (!can(c.viewer, 'edit', 'wageValueMeasurements', await loadViewerFlags(c.tx, c.viewer))) return refuse(E('forbidden'));
  const row = await lockMeasurement(c, parsed.output.uuid);
  if (!row || row.deleted_at !== null) return refuse(E('notFound'));
  if (row.status === 'definitive') return refuse(E('definitive'));
  if (row.status !== 'concept') return refuse(E('notConcept'));
  await run(c.tx, sql`UPDATE wage_value_plans SET measurement_id = NULL WHERE measurement_id = ${row.id}`);
  await run(c.tx, sql`UPDATE wage_value_measurements SET deleted_at = now() WHERE id = ${row.id}`);
  await run(c.tx, sql`UPDATE wage_value_tasks SET deleted_at = now() WHERE measurement_id = ${row.id} AND deleted_at IS NULL`);
  return ok(parsed.output.uuid);
}
