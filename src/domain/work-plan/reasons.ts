/** The reason codes the work-plan writes answer (keys of the workPlans locale area). */
export const WorkPlanReason = {
  notFound: 'workPlans.errors.notFound',
  forbidden: 'workPlans.errors.forbidden',
  noCoach: 'workPlans.errors.noCoach',
  alreadyRequested: 'workPlans.errors.alreadyRequested',
  planEnded: 'workPlans.errors.planEnded',
  planNotEnded: 'workPlans.errors.planNotEnded',
  assignmentEnded: 'workPlans.errors.assignmentEnded',
  endBeforeStart: 'workPlans.errors.endBeforeStart',
  reasonRequired: 'workPlans.errors.reasonRequired',
  srgReasonRequired: 'workPlans.errors.srgReasonRequired',
  unknownItem: 'workPlans.errors.unknownItem',
  blueprintInUse: 'workPlans.errors.blueprintInUse',
  disciplineInUse: 'workPlans.errors.disciplineInUse',
  invalidInput: 'workPlans.errors.invalidInput',
  alreadyExists: 'workPlans.errors.alreadyExists',
  noManagerSetting: 'workPlans.errors.noManagerSetting',
} as const;
export type WorkPlanReasonCode = (typeof WorkPlanReason)[keyof typeof WorkPlanReason];
