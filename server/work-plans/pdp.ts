import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { can } from '../auth/permissions';
import { isParticipantViewer } from '../auth/scope';
import { RemovePdpDisciplineSchema, UpdatePdpBehaviorSchema, UpdatePdpSkillSchema } from '../../src/domain/work-plan/inputs';
import { disciplineRemovalIssue, pdpPatch } from '../../src/domain/work-plan/pdp';
import { WorkPlanReason } from '../../src/domain/work-plan/reasons';
import { byId, ok, parseOr, refuse, type EffectAnswer } from './common';

const COLUMNS = { startScore: 'start_score', currentScore: 'current_score', targetScore: 'target_score', selfScore: 'self_score' } as const;

async function upsertPdp(
  tx: Queryable,
  viewer: Viewer,
  participantId: number,
  table: 'participant_behavior_scores' | 'participant_skill_scores',
  key: 'behavior_id' | 'skill_id',
  refTable: 'behaviors' | 'skills',
  refId: number,
  scores: ReturnType<typeof pdpPatch>,
): Promise<EffectAnswer> {
  const participant = await byId(tx, 'participants', viewer, participantId);
  if (!participant) return refuse(WorkPlanReason.notFound);
  // A participant sets only their own self score; staff set the others (and may correct the self score).
  if (isParticipantViewer(viewer) ? Object.keys(scores).some((k) => k !== 'selfScore') : !can(viewer, 'edit', 'participants')) {
    return refuse(WorkPlanReason.forbidden);
  }
  if (!(await byId(tx, refTable, viewer, refId))) return refuse(WorkPlanReason.unknownItem);
  const entries = Object.entries(scores) as [keyof typeof COLUMNS, number | null][];
  if (entries.length === 0) return ok();
  const cols = entries.map(([k]) => COLUMNS[k]);
  const values = entries.map(([, v]) => v);
  await tx.query(
    `INSERT INTO ${table} (company_id, participant_id, ${key}, ${cols.join(', ')})
     VALUES ($1, $2, $3, ${cols.map((_, i) => `$${i + 4}`).join(', ')})
     ON CONFLICT (company_id, participant_id, ${key}) DO UPDATE SET deleted_at = NULL, ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
    [viewer.companyId, participantId, refId, ...values],
  );
  return ok();
}

export async function updatePdpBehavior(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  const p = parseOr(UpdatePdpBehaviorSchema, input);
  if ('answer' in p) return p.answer;
  return upsertPdp(tx, viewer, p.value.participantId, 'participant_behavior_scores', 'behavior_id', 'behaviors', p.value.behaviorId, pdpPatch(p.value));
}

export async function updatePdpSkill(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  const p = parseOr(UpdatePdpSkillSchema, input);
  if ('answer' in p) return p.answer;
  return upsertPdp(tx, viewer, p.value.participantId, 'participant_skill_scores', 'skill_id', 'skills', p.value.skillId, pdpPatch(p.value));
}

/** Removing a discipline from the profile (02 §8): refused while it has active work plans or reviews. */
export async function removePdpDiscipline(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (isParticipantViewer(viewer) || !can(viewer, 'edit', 'participants')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(RemovePdpDisciplineSchema, input);
  if ('answer' in p) return p.answer;
  const { participantId, disciplineId } = p.value;
  if (!(await byId(tx, 'participants', viewer, participantId))) return refuse(WorkPlanReason.notFound);
  if (!(await byId(tx, 'disciplines', viewer, disciplineId))) return refuse(WorkPlanReason.notFound);
  const { rows } = await run<{ plans: number; reviews: number }>(
    tx,
    sql`SELECT
      (SELECT count(DISTINCT wp.id) FROM work_plans wp
        WHERE wp.participant_id = ${participantId} AND wp.deleted_at IS NULL AND wp.status <> 'finished'
          AND (EXISTS (SELECT 1 FROM work_plan_skills ws JOIN skills s ON s.id = ws.skill_id WHERE ws.work_plan_id = wp.id AND ws.deleted_at IS NULL AND s.discipline_id = ${disciplineId})
            OR EXISTS (SELECT 1 FROM assignments a JOIN work_orders wo ON wo.id = a.work_order_id WHERE a.work_plan_id = wp.id AND a.deleted_at IS NULL AND wo.discipline_id = ${disciplineId})))::int AS plans,
      ((SELECT count(*) FROM review_scores rs JOIN reviews r ON r.id = rs.review_id JOIN skills s ON s.id = rs.skill_id
        WHERE r.participant_id = ${participantId} AND r.deleted_at IS NULL AND rs.deleted_at IS NULL AND s.discipline_id = ${disciplineId})
      + (SELECT count(*) FROM participant_review_scores rs JOIN participant_reviews r ON r.id = rs.participant_review_id JOIN skills s ON s.id = rs.skill_id
        WHERE r.participant_id = ${participantId} AND r.deleted_at IS NULL AND rs.deleted_at IS NULL AND s.discipline_id = ${disciplineId}))::int AS reviews`,
  );
  const issue = disciplineRemovalIssue({ activeWorkPlans: rows[0]?.plans ?? 0, reviews: rows[0]?.reviews ?? 0 });
  if (issue) return refuse(issue);
  await run(tx, sql`UPDATE participant_skill_scores SET deleted_at = now()
    WHERE participant_id = ${participantId} AND deleted_at IS NULL AND skill_id IN (SELECT id FROM skills WHERE discipline_id = ${disciplineId})`);
  return ok();
}
