import { workPlanWrites } from '../../../src/domain/work-plan/writes';
import { ok, refuse, registerWrite, type WriteOutcome } from '../../sync/writes';
import type { Effect, EffectAnswer } from '../../work-plans/common';
import { WORK_PLAN_EFFECTS } from '../../work-plans/effects';
import { updateWorkPlan } from '../../work-plans/plans';

/**
 * The work-plan writes (02 §7: addWorkPlan, updateWorkPlan incl. the batched coach/manager change,
 * deleteWorkPlan, saveBlueprint, deleteBlueprint, requestReview, updatePdpBehavior, updatePdpSkill; plus
 * the review, self-review, end, reopen and undo writes), declared in src/domain/work-plan/writes.ts,
 * each with its effect of server/work-plans/. registerWrite adds exactly-once, parsing, locking and audit.
 */
const outcome = (a: EffectAnswer): WriteOutcome => (a.success ? ok() : refuse(a.reason ?? 'workPlans.errors.unknown'));
const run = (effect: Effect) => async ({ tx, viewer, input }: { tx: Parameters<Effect>[0]; viewer: Parameters<Effect>[1]; input: unknown }) =>
  outcome(await effect(tx, viewer, input));

registerWrite(workPlanWrites.addWorkPlan, run(WORK_PLAN_EFFECTS.addWorkPlan), { description: 'A work plan for a participant from a blueprint; coach and manager clear with an empty value.' });
registerWrite(
  workPlanWrites.updateWorkPlan,
  // The per-field merge is against the first plan (the row's base is that plan's): the others get the values as sent.
  async ({ tx, viewer, input, sent, current }) =>
    outcome(await updateWorkPlan(tx, viewer, input, current ? { uuid: String(current.uuid), sent } : undefined)),
  { description: 'Changes one plan or many (the batched coach or manager change); all or nothing. The app sends one row per plan.' },
);
registerWrite(workPlanWrites.deleteWorkPlan, run(WORK_PLAN_EFFECTS.deleteWorkPlan), { description: 'Deletes a plan and its parts (restoreWorkPlan undoes it).' });
registerWrite(workPlanWrites.restoreWorkPlan, run(WORK_PLAN_EFFECTS.restoreWorkPlan), { description: 'Undoes deleteWorkPlan.' });
registerWrite(workPlanWrites.endWorkPlan, run(WORK_PLAN_EFFECTS.endWorkPlan), { description: 'Ends a plan: reason and date required, not before the start; an SRG reason when srgEnabled.' });
registerWrite(workPlanWrites.reopenWorkPlan, run(WORK_PLAN_EFFECTS.reopenWorkPlan), { description: 'Reopens an ended plan.' });
registerWrite(workPlanWrites.saveReview, run(WORK_PLAN_EFFECTS.saveReview), { description: "A coach's review of an assignment in the caseload (scores 1..3, top, tip, date)." });
registerWrite(workPlanWrites.saveSelfReview, run(WORK_PLAN_EFFECTS.saveSelfReview), { description: "The participant's self-review (a score of 0 or less counts as none)." });
registerWrite(workPlanWrites.requestReview, run(WORK_PLAN_EFFECTS.requestReview), { description: 'Asks the coach for a review; refused without a coach or when already requested.' });
registerWrite(workPlanWrites.updatePdpBehavior, run(WORK_PLAN_EFFECTS.updatePdpBehavior), { description: 'Development profile: start, current, target or self score of a behaviour.' });
registerWrite(workPlanWrites.updatePdpSkill, run(WORK_PLAN_EFFECTS.updatePdpSkill), { description: 'Development profile: start, current, target or self score of a skill.' });
registerWrite(workPlanWrites.removePdpDiscipline, run(WORK_PLAN_EFFECTS.removePdpDiscipline), { description: 'Removes a discipline from the profile; refused while it has active work plans or reviews.' });
registerWrite(workPlanWrites.saveBlueprint, run(WORK_PLAN_EFFECTS.saveBlueprint), { description: 'Creates or replaces a blueprint with steps, work orders, behaviours, skills, statuses and workplaces.' });
registerWrite(workPlanWrites.deleteBlueprint, run(WORK_PLAN_EFFECTS.deleteBlueprint), { description: 'Deletes a blueprint no running plan uses.' });
registerWrite(workPlanWrites.saveWorkOrder, run(WORK_PLAN_EFFECTS.saveWorkOrder), { description: 'Creates or changes a work order.' });
