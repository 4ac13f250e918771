import { type SeedContext, base } from './context';
import { reviewTips, reviewTops } from './dutch';
import { insertRow, insertRows } from './insert';
import { isoDate, isoTime } from './prng';
import type { ReferenceIds } from './reference';

export type PlanStatus = 'to_start' | 'running' | 'finished';

export interface PlanRequest {
  participantId: number;
  coachId: number | null;
  managerId: number | null;
  status: PlanStatus;
  /** Who writes the reviews (the coach, or the manager when there is no coach). */
  reviewerId: number;
  /** Also write self-reviews (participants with a portal login). */
  selfReviews: boolean;
  createdById: number;
}

/** Creates work plans from the company's blueprints with assignments, target scores, reviews and development-profile scores. */
export async function seedWorkPlans(ctx: SeedContext, ref: ReferenceIds, requests: readonly PlanRequest[]): Promise<number[]> {
  const { tx, rng, now } = ctx;
  const planIds: number[] = [];
  const pdpSeen = new Set<string>();
  for (const req of requests) {
    const blueprint = rng.pick(ref.blueprints);
    const startOffset = req.status === 'to_start' ? rng.int(3, 30) : -rng.int(30, 200);
    const durationDays = rng.int(90, 180);
    const finishedOffset = req.status === 'finished' ? Math.min(-1, startOffset + rng.int(40, durationDays)) : null;
    const terminationReason = req.status === 'finished' ? rng.pick(ref.terminationReasons) : null;
    const planId = await insertRow(tx, 'work_plans', {
      ...base(ctx),
      participant_id: req.participantId,
      blueprint_id: blueprint.id,
      name: blueprint.name,
      status: req.status,
      coach_id: req.coachId,
      manager_id: req.managerId,
      instrument_id: rng.chance(0.4) ? rng.pick(ref.instruments) : null,
      provision_type_id: blueprint.provisionType || null,
      start_date: isoDate(startOffset, now),
      expected_end_date: isoDate(startOffset + durationDays, now),
      time_finished: finishedOffset === null ? null : isoDate(finishedOffset, now),
      termination_reason_id: terminationReason,
      created_by_user_id: req.createdById,
    });
    planIds.push(planId);
    const targets = new Map<number, number>();
    await insertRows(tx, 'work_plan_behaviors', blueprint.behaviors.map((b, i) => {
      targets.set(b, 3);
      return { ...base(ctx), work_plan_id: planId, behavior_id: b, target_score: 3, sort_order: i };
    }));
    const skillTargets = blueprint.skills.map(() => rng.int(2, 3));
    await insertRows(tx, 'work_plan_skills', blueprint.skills.map((s, i) => ({
      ...base(ctx), work_plan_id: planId, skill_id: s, target_score: skillTargets[i], sort_order: i,
    })));

    // Assignment statuses follow the plan: all planned, a running mix, or all completed.
    const statuses = blueprint.workOrders.map((_, i) => {
      if (req.status === 'to_start') return 0;
      if (req.status === 'finished') return 2;
      const done = Math.floor(blueprint.workOrders.length / 2);
      return i < done ? 2 : i === done ? 1 : 0;
    });
    const assignmentIds = await insertRows(tx, 'assignments', blueprint.workOrders.map((w, i) => ({
      ...base(ctx),
      work_plan_id: planId,
      work_order_id: w,
      participant_id: req.participantId,
      status: statuses[i],
      sort_order: i,
      started_at: statuses[i] === 0 ? null : isoTime(startOffset + i * 14, now),
      completed_at: statuses[i] === 2 ? isoTime(Math.min(-1, startOffset + i * 14 + 12), now) : null,
      review_requested_at: statuses[i] === 1 && rng.chance(0.3) ? isoTime(-1, now) : null,
    })));

    const lastScores = new Map<string, number>();
    for (const [i, assignmentId] of assignmentIds.entries()) {
      const status = statuses[i] ?? 0;
      if (status === 0) continue;
      const reviewCount = status === 2 ? rng.int(2, 3) : rng.int(1, 2);
      const reviewRows = Array.from({ length: reviewCount }, (_, r) => ({
        ...base(ctx),
        assignment_id: assignmentId,
        participant_id: req.participantId,
        user_id: req.reviewerId,
        score: Math.min(3, 1 + Math.floor((r + i) / 2)),
        top: rng.pick(reviewTops),
        tip: rng.pick(reviewTips),
        created_at: isoTime(Math.min(-0.5, startOffset + i * 14 + r * 4 + 2), now),
      }));
      const reviewIds = await insertRows(tx, 'reviews', reviewRows);
      const scoreRows = reviewIds.flatMap((reviewId, r) => [
        ...blueprint.behaviors.map((b) => ({ ...base(ctx), review_id: reviewId, behavior_id: b, skill_id: null, score: Math.min(3, 1 + Math.floor((r + i + rng.int(0, 1)) / 2)) })),
        ...blueprint.skills.map((s) => ({ ...base(ctx), review_id: reviewId, behavior_id: null, skill_id: s, score: Math.min(3, 1 + Math.floor((r + i + rng.int(0, 1)) / 2)) })),
      ]);
      await insertRows(tx, 'review_scores', scoreRows);
      for (const row of scoreRows) lastScores.set(row.behavior_id ? `b${row.behavior_id}` : `s${String(row.skill_id)}`, row.score);

      if (req.selfReviews && rng.chance(0.6)) {
        const selfId = await insertRow(tx, 'participant_reviews', {
          ...base(ctx), assignment_id: assignmentId, participant_id: req.participantId, score: rng.int(1, 3),
          top: 'Het werk ging goed en ik was op tijd.', tip: 'Ik wil nog beter leren plannen.', created_at: isoTime(Math.min(-0.5, startOffset + i * 14 + 3), now),
        });
        await insertRows(tx, 'participant_review_scores', [
          ...blueprint.behaviors.map((b) => ({ ...base(ctx), participant_review_id: selfId, behavior_id: b, skill_id: null, score: rng.int(0, 3) })),
          ...blueprint.skills.map((s) => ({ ...base(ctx), participant_review_id: selfId, behavior_id: null, skill_id: s, score: rng.int(0, 3) })),
        ]);
      }
    }

    // Development profile: one row per behaviour and skill of the participant (the first plan wins).
    const pdpBehaviors = blueprint.behaviors.filter((b) => !pdpSeen.has(`${req.participantId}b${b}`));
    const pdpSkills = blueprint.skills.filter((s) => !pdpSeen.has(`${req.participantId}s${s}`));
    pdpBehaviors.forEach((b) => pdpSeen.add(`${req.participantId}b${b}`));
    pdpSkills.forEach((s) => pdpSeen.add(`${req.participantId}s${s}`));
    await insertRows(tx, 'participant_behavior_scores', pdpBehaviors.map((b) => ({
      ...base(ctx), participant_id: req.participantId, behavior_id: b, start_score: 1, current_score: lastScores.get(`b${b}`) ?? 1,
      target_score: targets.get(b) ?? 3, self_score: req.selfReviews ? rng.int(1, 3) : null, reviewed: lastScores.has(`b${b}`),
    })));
    await insertRows(tx, 'participant_skill_scores', pdpSkills.map((s, i) => ({
      ...base(ctx), participant_id: req.participantId, skill_id: s, start_score: 1, current_score: lastScores.get(`s${s}`) ?? 1,
      target_score: skillTargets[i] ?? 3, self_score: req.selfReviews ? rng.int(1, 3) : null, reviewed: lastScores.has(`s${s}`),
    })));
  }
  return planIds;
}
