/** Wage-value enumerations and limits of spec 02 (§3, §4, §5, §9). Stored values match the database CHECKs. */

/** Measurement states, as stored in wage_value_measurements.status. */
export const measurementStatuses = ['concept', 'definitive', 'cancelled'] as const;
export type MeasurementStatus = (typeof measurementStatuses)[number];

/** Measurement type: wage_subsidy 1 (default), wage_dispensation 2. */
export const MeasurementType = {
  wage_subsidy: 1,
  wage_dispensation: 2,
} as const;
export type MeasurementTypeName = keyof typeof MeasurementType;
export type MeasurementTypeId = (typeof MeasurementType)[MeasurementTypeName];
export const DEFAULT_MEASUREMENT_TYPE: MeasurementTypeId = MeasurementType.wage_subsidy;

/** Salary interval: monthly 1, four-weekly 2. */
export const SalaryInterval = {
  monthly: 1,
  fourWeekly: 2,
} as const;
export type SalaryIntervalId = (typeof SalaryInterval)[keyof typeof SalaryInterval];

/** Norm function type: 1 overlap theory, 2 professional judgment (reference function research), 3 composite job package. */
export const NormFunctionType = {
  overlapTheory: 1,
  professionalJudgment: 2,
  compositeJobPackage: 3,
} as const;
export type NormFunctionTypeId = (typeof NormFunctionType)[keyof typeof NormFunctionType];

/** Norm function source: 1 collective agreement, 2 operating scheme, 5 function manual. */
export const NormFunctionSource = {
  collectiveAgreement: 1,
  operatingScheme: 2,
  functionManual: 5,
} as const;
export type NormFunctionSourceId = (typeof NormFunctionSource)[keyof typeof NormFunctionSource];

/** Special conditions (advice): option 6 "other" needs specialConditionsOther. */
export const SpecialCondition = {
  additionalGuidance: 1,
  workplaceCustomization: 2,
  adjustmentsInWorkOrSchedule: 4,
  useOfFacility: 5,
  other: 6,
} as const;
export type SpecialConditionId = (typeof SpecialCondition)[keyof typeof SpecialCondition];

/** Reassessment advice: 1 under six months, 2 six to twelve, 3 twelve to twenty-four, 4 thirty-six or more. */
export const ReassessmentAdvice = {
  underSixMonths: 1,
  sixToTwelveMonths: 2,
  twelveToTwentyFourMonths: 3,
  thirtySixMonthsOrMore: 4,
} as const;
export type ReassessmentAdviceId = (typeof ReassessmentAdvice)[keyof typeof ReassessmentAdvice];

/** Limits of the measurement form (02 §5, §9). */
export const WageValueLimits = {
  /** Full-time hours: 1 to 48, one decimal; also the cap of working hours when full time is empty. */
  fullTimeHoursMin: 1,
  fullTimeHoursMax: 48,
  hoursMaxDecimals: 1,
  workingHoursPerWeekMin: 1,
  tasksMin: 1,
  tasksMax: 5,
  /** Each task takes at least 1/16 of the working time. */
  taskPercentageMin: 6.25,
  taskPercentageMax: 100,
  taskPercentageTotal: 100,
  /** Each task at least 30 minutes a working day. */
  taskMinutesPerDayMin: 30,
  /** Total time at least half an hour a day. */
  totalHoursPerDayMin: 0.5,
  totalHoursMin: 1,
  /** Overlap with the norm function must be 60% or more. */
  overlapMin: 60,
  normFunctionTimeShareMax: 100,
  /** Pace, quality and net working time: 1 to 100. */
  performancePercentageMin: 1,
  performancePercentageMax: 100,
  /** Total work performance: 0 to 100. */
  workPerformanceMin: 0,
  workPerformanceMax: 100,
  /** Payload rounding. */
  percentageDecimals: 2,
  hoursDecimals: 2,
  minutesPerHour: 60,
} as const;

/** Holiday allowance default, percent of salary. */
export const HOLIDAY_ALLOWANCE_DEFAULT_PERCENTAGE = 8;

/** Working days a week used for the per-day minimums. */
export const WORKING_DAYS_PER_WEEK = 5;

/** Measurement steps in the order of the form; stored as wage_value_measurements.step (1-based). */
export const measurementSteps = [
  'details',
  'researchActivities',
  'tasks',
  'normFunction',
  'workPerformance',
  'result',
  'advice',
  'summary',
] as const;
export type MeasurementStep = (typeof measurementSteps)[number];

/** Plan label defaults keys of the wage-value settings. */
export const planLabelDefaultKeys = [
  'newPlanStatus',
  'newPlanMeasurementSequence',
  'definitivePlanStatus',
  'definitivePlanMeasurementSequence',
] as const;
export type PlanLabelDefaultKey = (typeof planLabelDefaultKeys)[number];
