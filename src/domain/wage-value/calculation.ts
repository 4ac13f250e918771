/**
 * The wage-value calculation (02 §3, issue 12), one pure module for the form's live figures, the worker
 * and the server (which recomputes on every save). Figures shown are rounded to 2 decimals (the
 * part-time factor, a fraction, to 4); the wage-value percentage is rounded half-up to a whole percent
 * (uniform method 2021). The euro amount is computed from the exact norm wage and part-time factor and
 * rounded once (issue 21); the rules compare minimums on the unrounded figures.
 *
 * - time share of a task = minutes of the task / working minutes a week × 100
 * - result of a task = pace × quality × net working time (as percentages)
 * - work performance = Σ time share × result / 100 (time-weighted)
 * - part-time factor = working hours / full-time hours
 * - norm wage = salary + holiday allowance + emolument, per salary interval (wage dispensation only)
 * - wage value (€) = norm wage × wage-value % × part-time factor
 */
import { WageValueLimits } from './constants';
import { isDispensation, usedTasks, type MeasurementDraft, type MeasurementTask } from './measurement';
import { round2, roundTo } from './numbers';

export interface TaskFigures {
  sortOrder: number;
  /** Percent of the working time, 2 decimals. */
  percentageTimeSpent: number | null;
  /** pace × quality × net working time, percent, 2 decimals. */
  workPerformance: number | null;
}

export interface MeasurementFigures {
  tasks: TaskFigures[];
  /** Σ of the tasks' minutes a week. */
  totalMinutesPerWeek: number;
  /** Σ minutes / working minutes × 100, 2 decimals (must be exactly 100). */
  totalPercentageTimeSpent: number | null;
  /** Σ of the tasks' shares of the norm function, 2 decimals (at most 100). */
  normFunctionTimeShare: number | null;
  /** Σ share in the norm function × overlap / 100, 2 decimals (at least 60). */
  overlap: number | null;
  /** Time-weighted work performance, percent, 2 decimals. */
  workPerformance: number | null;
  /** Working hours / full-time hours, 4 decimals. */
  partTimeFactor: number | null;
  /** The wage-value percentage, a whole percent. */
  wageValuePercentage: number | null;
  holidayAllowance: number | null;
  normWage: number | null;
  /** The wage value in euros per salary interval (wage dispensation only). */
  wageValue: number | null;
}

const isNum = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Working minutes a week (working hours × 60), or null. */
export function workingMinutes(draft: Pick<MeasurementDraft, 'details'>): number | null {
  const h = draft.details.workingHoursPerWeek;
  return isNum(h) && h > 0 ? h * WageValueLimits.minutesPerHour : null;
}

/** The full-time hours, 48 when empty (02 §5). */
export function effectiveFullTimeHours(fullTimeHours: number | null): number {
  return isNum(fullTimeHours) && fullTimeHours > 0 ? fullTimeHours : WageValueLimits.fullTimeHoursMax;
}

/** pace × quality × net working time in percent (2 decimals), null while one is missing. */
export function taskResult(task: Pick<MeasurementTask, 'percentagePace' | 'percentageQuality' | 'percentageNetWorkingTime'>): number | null {
  const { percentagePace: p, percentageQuality: q, percentageNetWorkingTime: n } = task;
  if (!isNum(p) || !isNum(q) || !isNum(n)) return null;
  return round2((p * q * n) / 10_000);
}

/** The time share in percent, unrounded (for the rules: minimums are compared before rounding). */
export function exactTimeShare(minutes: number | null, working: number | null): number | null {
  if (!isNum(minutes) || working === null) return null;
  return (minutes / working) * 100;
}

export function timeShare(minutes: number | null, working: number | null): number | null {
  const share = exactTimeShare(minutes, working);
  return share === null ? null : round2(share);
}

/** Working hours / full-time hours, unrounded (the amount is computed with it). */
export function exactPartTimeFactor(workingHours: number | null, fullTimeHours: number | null): number | null {
  if (!isNum(workingHours) || workingHours <= 0) return null;
  return workingHours / effectiveFullTimeHours(fullTimeHours);
}

/** The part-time factor as shown (4 decimals). */
export function partTimeFactor(workingHours: number | null, fullTimeHours: number | null): number | null {
  const f = exactPartTimeFactor(workingHours, fullTimeHours);
  return f === null ? null : roundTo(f, 4);
}

/** Whole percent, half up (79.5 → 80, 79.49 → 79). */
export const wholePercent = (value: number): number => roundTo(value, 0);

/** The exact norm wage (salary + holiday allowance + emolument, unrounded), or null. */
function exactNormWage(nf: MeasurementDraft['normFunction'], type: number): { holidayAllowance: number; normWage: number } | null {
  if (!isDispensation(type) || !isNum(nf.salary)) return null;
  const pct = isNum(nf.holidayAllowancePercentage) ? nf.holidayAllowancePercentage : 0;
  const holidayAllowance = (nf.salary * pct) / 100;
  const emolument = isNum(nf.emolument) ? nf.emolument : 0;
  return { holidayAllowance, normWage: nf.salary + holidayAllowance + emolument };
}

export function normWageOf(nf: MeasurementDraft['normFunction'], type: number): { holidayAllowance: number | null; normWage: number | null } {
  const exact = exactNormWage(nf, type);
  if (!exact) return { holidayAllowance: null, normWage: null };
  return { holidayAllowance: round2(exact.holidayAllowance), normWage: round2(exact.normWage) };
}

export function calculate(draft: MeasurementDraft): MeasurementFigures {
  const working = workingMinutes(draft);
  const used = usedTasks(draft.tasks);
  const tasks = used.map((t) => ({
    sortOrder: t.sortOrder,
    percentageTimeSpent: timeShare(t.minutesPerWeek, working),
    workPerformance: taskResult(t),
  }));
  const totalMinutesPerWeek = used.reduce((s, t) => s + (isNum(t.minutesPerWeek) ? t.minutesPerWeek : 0), 0);
  // The total share is computed from the minutes, not from the rounded shares (33,33 × 3 is a full week).
  const totalPercentageTimeSpent = working === null || used.length === 0 ? null : round2((totalMinutesPerWeek / working) * 100);
  const allShares = used.every((t) => isNum(t.percentageTimeSpentNormFunction));
  const normFunctionTimeShare = used.length > 0 && allShares ? round2(used.reduce((s, t) => s + (t.percentageTimeSpentNormFunction ?? 0), 0)) : null;
  const allOverlap = allShares && used.every((t) => isNum(t.percentageOverlap));
  const overlap = used.length > 0 && allOverlap
    ? round2(used.reduce((s, t) => s + ((t.percentageTimeSpentNormFunction ?? 0) * (t.percentageOverlap ?? 0)) / 100, 0))
    : null;
  const complete = used.length > 0 && tasks.every((t) => t.percentageTimeSpent !== null && t.workPerformance !== null);
  const workPerformance = complete
    ? round2(tasks.reduce((s, t) => s + ((t.percentageTimeSpent ?? 0) * (t.workPerformance ?? 0)) / 100, 0))
    : null;
  const exactPtf = exactPartTimeFactor(draft.details.workingHoursPerWeek, draft.details.fullTimeHours);
  const ptf = exactPtf === null ? null : roundTo(exactPtf, 4);
  const wageValuePercentage = workPerformance === null ? null : wholePercent(workPerformance);
  const { holidayAllowance, normWage } = normWageOf(draft.normFunction, draft.type);
  const exactWage = exactNormWage(draft.normFunction, draft.type);
  // The amount from exact values (norm wage and part-time factor unrounded), rounded once.
  const wageValue = exactWage !== null && wageValuePercentage !== null && exactPtf !== null
    ? round2((exactWage.normWage * wageValuePercentage * exactPtf) / 100)
    : null;
  return {
    tasks, totalMinutesPerWeek, totalPercentageTimeSpent, normFunctionTimeShare, overlap, workPerformance,
    partTimeFactor: ptf, wageValuePercentage, holidayAllowance, normWage, wageValue,
  };
}
