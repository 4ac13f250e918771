/**
 * Every work-plan write by its GraphQL name (spec 02 §7 plus the review, self-review, end, reopen and
 * undo writes), as plain effects `(tx, viewer, input) => {success, reason}`. Registered as mutations
 * in server/graph/types/work-plan-writes.ts; with the declared-writes framework each becomes one
 * registerWrite line.
 */
import type { Effect } from './common';
import { addWorkPlan, deleteWorkPlan, endWorkPlan, reopenWorkPlan, restoreWorkPlan, updateWorkPlan } from './plans';
import { requestReview, saveReview, saveSelfReview } from './reviews';
import { removePdpDiscipline, updatePdpBehavior, updatePdpSkill } from './pdp';
import { deleteBlueprint, saveBlueprint, saveWorkOrder } from './blueprints';

export const WORK_PLAN_EFFECTS = {
  addWorkPlan,
  updateWorkPlan,
  deleteWorkPlan,
  restoreWorkPlan,
  endWorkPlan,
  reopenWorkPlan,
  saveReview,
  saveSelfReview,
  requestReview,
  updatePdpBehavior,
  updatePdpSkill,
  removePdpDiscipline,
  saveBlueprint,
  deleteBlueprint,
  saveWorkOrder,
} as const satisfies Record<string, Effect>;

export type WorkPlanWriteName = keyof typeof WORK_PLAN_EFFECTS;
