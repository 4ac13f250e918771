import { todayIso } from '../../src/domain/format/format';
import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { can, } from '../auth/permissions';
import { isParticipantViewer } from '../auth/scope';
import { RequestReviewSchema, SaveReviewSchema, SaveSelfReviewSchema } from '../../src/domain/work-plan/inputs';
import { WorkPlanReason } from '../../src/domain/work-plan/reasons';
import { reviewScoreOf } from '../../src/domain/work-plan/views';
import { byUuid, ok, parseOr, refuse, uuidTakenElsewhere, type AssignmentRow, type EffectAnswer, type WorkPlanRow } from './common';

interface Line {
  behaviorId?: number | null;
  skillId?: number | null;
  score: number;
}

/** The assignment and its plan, both in scope; refuses when the plan was ended (or deleted) meanwhile. */
async function openAssignment(tx: Queryable, viewer: Viewer, uuid: string): Promise<{ a: AssignmentRow; plan: WorkPlanRow } | EffectAnswer> {
  const a = await byUuid<AssignmentRow>(tx, 'assignments', viewer, uuid, true);
  if (!a) return refuse(WorkPlanReason.notFound);
  const { rows } = await run<WorkPlanRow>(tx, sql`SELECT * FROM work_plans WHERE id = ${a.work_plan_id}`);
  const plan = rows[0];
  if (!plan || plan.deleted_at) return refuse(WorkPlanReason.notFound);
  if (plan.status === 'finished') return refuse(WorkPlanReason.planEnded);
  return { a, plan };
}

/** Every scored behaviour and skill must belong to the plan. */
async function linesBelong(tx: Queryable, planId: number, lines: readonly Line[]): Promise<boolean> {
  const behaviors = lines.flatMap((l) => (l.behaviorId != null ? [l.behaviorId] : []));
  const skills = lines.flatMap((l) => (l.skillId != null ? [l.skillId] : []));
  const { rows } = await run<{ b: number; s: number }>(
    tx,
    sql`SELECT (SELECT count(DISTINCT behavior_id) FROM work_plan_behaviors WHERE work_plan_id = ${planId} AND deleted_at IS NULL AND behavior_id = ANY(${behaviors}::bigint[]))::int AS b,
               (SELECT count(DISTINCT skill_id) FROM work_plan_skills WHERE work_plan_id = ${planId} AND deleted_at IS NULL AND skill_id = ANY(${skills}::bigint[]))::int AS s`,
  );
  return rows[0]?.b === new Set(behaviors).size && rows[0]?.s === new Set(skills).size;
}

/** The development profile follows the scores: current (reviews) or self (self-reviews). */
async function updateProfile(tx: Queryable, companyId: number, participantId: number, lines: readonly Line[], column: 'current_score' | 'self_score'): Promise<void> {
  for (const l of lines) {
    const [table, key, id] = l.behaviorId != null ? ['participant_behavior_scores', 'behavior_id', l.behaviorId] : ['participant_skill_scores', 'skill_id', l.skillId!];
    const reviewed = column === 'current_score' ? ', reviewed = true' : '';
    await tx.query(
      `INSERT INTO ${table} (company_id, participant_id, ${key}, ${column}${column === 'current_score' ? ', reviewed' : ''})
       VALUES ($1, $2, $3, $4${column === 'current_score' ? ', true' : ''})
       ON CONFLICT (company_id, participant_id, ${key}) DO UPDATE SET ${column} = EXCLUDED.${column}, deleted_at = NULL${reviewed}`,
      [companyId, participantId, id, l.score],
    );
  }
}

const average = (lines: readonly Line[]): number | null => reviewScoreOf(null, lines);

/** A coach's (or manager's) review of an assignment in their caseload. Participants never review. */
export async function saveReview(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (isParticipantViewer(viewer) || !can(viewer, 'add', 'reviews')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(SaveReviewSchema, input);
  if ('answer' in p) return p.answer;
  const i = p.value;
  const found = await openAssignment(tx, viewer, i.assignmentUuid);
  if ('success' in found) return found;
  if (!(await linesBelong(tx, found.plan.id, i.scores))) return refuse(WorkPlanReason.unknownItem);
  const createdAt = i.date === todayIso() ? new Date().toISOString() : `${i.date}T12:00:00Z`;
  if (await uuidTakenElsewhere(tx, 'reviews', viewer, i.uuid)) return refuse(WorkPlanReason.alreadyExists);
  const ins = await run<{ id: number }>(
    tx,
    sql`INSERT INTO reviews (uuid, company_id, assignment_id, participant_id, user_id, score, top, tip, created_at)
        VALUES (${i.uuid}::uuid, ${viewer.companyId}, ${found.a.id}, ${found.a.participant_id}, ${viewer.userId}, ${i.score ?? average(i.scores)}, ${i.top ?? null}, ${i.tip ?? null}, ${createdAt}::timestamptz)
        ON CONFLICT (company_id, uuid) DO NOTHING RETURNING id`,
  );
  const reviewId = ins.rows[0]?.id;
  if (reviewId === undefined) return refuse(WorkPlanReason.alreadyExists);
  for (const l of i.scores) {
    await run(tx, sql`INSERT INTO review_scores (company_id, review_id, behavior_id, skill_id, score) VALUES (${viewer.companyId}, ${reviewId}, ${l.behaviorId ?? null}, ${l.skillId ?? null}, ${l.score})`);
  }
  await run(tx, sql`UPDATE assignments SET review_requested_at = NULL, status = CASE WHEN status = 0 THEN 1 ELSE status END,
    started_at = COALESCE(started_at, now()) WHERE id = ${found.a.id}`);
  await updateProfile(tx, viewer.companyId, found.a.participant_id, i.scores, 'current_score');
  return ok();
}

/** The participant's own self-review; scores of 0 or less are not stored (they count as none). */
export async function saveSelfReview(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  if (!isParticipantViewer(viewer) || viewer.participantId === null || !can(viewer, 'add', 'selfReviews')) return refuse(WorkPlanReason.forbidden);
  const p = parseOr(SaveSelfReviewSchema, input);
  if ('answer' in p) return p.answer;
  const i = p.value;
  const found = await openAssignment(tx, viewer, i.assignmentUuid);
  if ('success' in found) return found;
  if (found.a.participant_id !== viewer.participantId) return refuse(WorkPlanReason.forbidden);
  const counted = i.scores.filter((l) => l.score > 0);
  if (!(await linesBelong(tx, found.plan.id, counted))) return refuse(WorkPlanReason.unknownItem);
  const overall = i.score != null && i.score > 0 ? i.score : average(counted);
  if (await uuidTakenElsewhere(tx, 'participant_reviews', viewer, i.uuid)) return refuse(WorkPlanReason.alreadyExists);
  const ins = await run<{ id: number }>(
    tx,
    sql`INSERT INTO participant_reviews (uuid, company_id, assignment_id, participant_id, score, top, tip)
        VALUES (${i.uuid}::uuid, ${viewer.companyId}, ${found.a.id}, ${viewer.participantId}, ${overall}, ${i.top ?? null}, ${i.tip ?? null})
        ON CONFLICT (company_id, uuid) DO NOTHING RETURNING id`,
  );
  const id = ins.rows[0]?.id;
  if (id === undefined) return refuse(WorkPlanReason.alreadyExists);
  for (const l of counted) {
    await run(tx, sql`INSERT INTO participant_review_scores (company_id, participant_review_id, behavior_id, skill_id, score) VALUES (${viewer.companyId}, ${id}, ${l.behaviorId ?? null}, ${l.skillId ?? null}, ${l.score})`);
  }
  await updateProfile(tx, viewer.companyId, viewer.participantId, counted, 'self_score');
  return ok();
}

/**
 * requestReview (the participant asks the coach for a review): the spec's errors are "no coach" (neither
 * the plan nor the participant has one) and "already requested" (a request is open: no review since).
 */
export async function requestReview(tx: Queryable, viewer: Viewer, input: unknown): Promise<EffectAnswer> {
  const p = parseOr(RequestReviewSchema, input);
  if ('answer' in p) return p.answer;
  const found = await openAssignment(tx, viewer, p.value.assignmentUuid);
  if ('success' in found) return found;
  if (isParticipantViewer(viewer) && found.a.participant_id !== viewer.participantId) return refuse(WorkPlanReason.forbidden);
  const { rows } = await run<{ coach_id: number | null }>(tx, sql`SELECT coach_id FROM participants WHERE id = ${found.a.participant_id}`);
  if (found.plan.coach_id === null && (rows[0]?.coach_id ?? null) === null) return refuse(WorkPlanReason.noCoach);
  if (found.a.review_requested_at !== null) return refuse(WorkPlanReason.alreadyRequested);
  await run(tx, sql`UPDATE assignments SET review_requested_at = now() WHERE id = ${found.a.id}`);
  return ok();
}
