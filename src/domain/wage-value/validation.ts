/**
 * Every validation rule of 02 §5 for the measurement, per step, including the rules that span fields.
 * One module for the form (inline messages per field and per step), the worker (before queueing) and
 * the server (which answers the first issue's key as the reason). Messages are i18n keys under
 * `wageValue.errors.*`; params are Dutch-formatted numbers.
 *
 * Working-days assumption (docs/decisions-wage-value.md): a full-time week has 5 working days; a
 * part-timer works proportionally fewer full days: days = 5 × working hours / full-time hours. At 40
 * full-time hours "30 minutes a working day" and "6.25 % of the time" are then the same limit.
 */
import {
  MeasurementType,
  NormFunctionSource,
  NormFunctionType,
  ReassessmentAdvice,
  SalaryInterval,
  SpecialCondition,
  WORKING_DAYS_PER_WEEK,
  WageValueLimits as L,
  measurementSteps,
  type MeasurementStep,
} from './constants';
import { calculate, effectiveFullTimeHours, exactTimeShare } from './calculation';
import { isDispensation, usedTasks, type MeasurementDraft } from './measurement';
import { formatDutchNumber, hasAtMostDecimals, isHundredthsOfHour, toIsoDate } from './numbers';

export interface WageValueIssue {
  /** Field path in the draft: "details.workingHoursPerWeek", "tasks.2.explanation", "tasks" (step level). */
  path: string;
  /** i18n key, e.g. wageValue.errors.required. */
  key: string;
  params?: Record<string, string | number>;
}

type Add = (path: string, key: string, params?: Record<string, string | number>) => void;

const E = (k: string): string => `wageValue.errors.${k}`;
const isBlank = (s: string | null | undefined): boolean => (s ?? '').trim().length === 0;
const nl = (n: number, max = 2): string => formatDutchNumber(n, 0, max);
// RFC 5322 is too lenient for a form; this is the usual "something@domain.tld" check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function requireText(add: Add, path: string, value: string | null | undefined): void {
  if (isBlank(value)) add(path, E('required'));
}

function requireDate(add: Add, path: string, value: string | null | undefined): boolean {
  if (isBlank(value)) { add(path, E('required')); return false; }
  if (toIsoDate(value) === null) { add(path, E('dateInvalid')); return false; }
  return true;
}

/** A number field: required, numeric, within [min, max], at most `decimals`. Answers the valid value. */
function checkNumber(add: Add, path: string, value: number | null | undefined, min: number, max: number, decimals: number, required = true): number | null {
  if (value === null || value === undefined) { if (required) add(path, E('required')); return null; }
  if (!Number.isFinite(value)) { add(path, E('notNumber')); return null; }
  if (value < min || value > max) { add(path, E('range'), { min: nl(min), max: nl(max) }); return null; }
  if (!hasAtMostDecimals(value, decimals)) { add(path, E('decimals'), { decimals }); return null; }
  return value;
}

/** Working days a week of this participant (5 × working hours / full-time hours, at most 5). */
export function workingDaysPerWeek(workingHours: number, fullTimeHours: number | null): number {
  return Math.min(WORKING_DAYS_PER_WEEK, (WORKING_DAYS_PER_WEEK * workingHours) / effectiveFullTimeHours(fullTimeHours));
}

function details(d: MeasurementDraft, add: Add): void {
  const x = d.details;
  if (requireDate(add, 'details.startingDate', x.startingDate) && !isBlank(x.validUntil)) {
    const until = toIsoDate(x.validUntil);
    const start = toIsoDate(x.startingDate);
    if (until === null) add('details.validUntil', E('dateInvalid'));
    else if (start !== null && until < start) add('details.validUntil', E('validUntilBeforeStart'));
  }
  requireText(add, 'details.employerName', x.employerName);
  if (isBlank(x.employerContactEmail)) add('details.employerContactEmail', E('required'));
  else if (!EMAIL.test(x.employerContactEmail.trim())) add('details.employerContactEmail', E('emailInvalid'));
  requireText(add, 'details.interviewedEmployerName', x.interviewedEmployerName);
  requireText(add, 'details.performedFunction', x.performedFunction);
  requireText(add, 'details.wageValueExpert', x.wageValueExpert);
  const full = checkNumber(add, 'details.fullTimeHours', x.fullTimeHours, L.fullTimeHoursMin, L.fullTimeHoursMax, L.hoursMaxDecimals);
  const max = full ?? (x.fullTimeHours == null ? L.fullTimeHoursMax : Number.POSITIVE_INFINITY);
  const wh = x.workingHoursPerWeek;
  if (wh !== null && Number.isFinite(wh) && wh >= L.workingHoursPerWeekMin && wh > max) {
    add('details.workingHoursPerWeek', E('workingHoursAboveFullTime'), { max: nl(max, 1) });
  } else {
    checkNumber(add, 'details.workingHoursPerWeek', wh, L.workingHoursPerWeekMin, L.fullTimeHoursMax, L.hoursMaxDecimals);
  }
}

function research(d: MeasurementDraft, add: Add): void {
  const r = d.researchActivities;
  requireDate(add, 'researchActivities.reportDate', r.reportDate);
  // Stored inverted: false means the activity took place, and then its date is required.
  if (!r.companyVisit) requireDate(add, 'researchActivities.companyVisitDate', r.companyVisitDate);
  if (!r.interviewedEmployee) requireDate(add, 'researchActivities.interviewedEmployeeDate', r.interviewedEmployeeDate);
  if (!r.interviewedEmployer) requireDate(add, 'researchActivities.interviewedEmployerDate', r.interviewedEmployerDate);
}

function tasks(d: MeasurementDraft, add: Add): void {
  if (d.tasks.length > L.tasksMax) add('tasks', E('tasksCount'), { min: L.tasksMin, max: L.tasksMax });
  const used = usedTasks(d.tasks);
  if (used.length < L.tasksMin) { add('tasks', E('tasksCount'), { min: L.tasksMin, max: L.tasksMax }); return; }
  const wh = d.details.workingHoursPerWeek;
  const working = wh !== null && Number.isFinite(wh) && wh > 0 ? wh * L.minutesPerHour : null;
  const days = wh !== null && working !== null ? workingDaysPerWeek(wh, d.details.fullTimeHours) : null;
  let numeric = true;
  d.tasks.forEach((t, i) => {
    const p = `tasks.${i}`;
    const hasHours = t.minutesPerWeek !== null;
    if (hasHours && isBlank(t.description)) add(`${p}.description`, E('taskDescriptionRequired'));
    if ((hasHours || !isBlank(t.description)) && isBlank(t.explanation)) add(`${p}.explanation`, E('required'));
    if (!isBlank(t.description) && !hasHours) { add(`${p}.minutesPerWeek`, E('required')); numeric = false; return; }
    if (!hasHours) return;
    const minutes = t.minutesPerWeek ?? 0;
    if (!Number.isFinite(minutes) || minutes < 0) { add(`${p}.minutesPerWeek`, E('notNumber')); numeric = false; return; }
    if (!isHundredthsOfHour(minutes)) { add(`${p}.minutesPerWeek`, E('decimals'), { decimals: L.hoursDecimals }); numeric = false; return; }
    if (working === null || days === null) return;
    // Compared before rounding: 6.2452 % is under the minimum although it prints as 6,25 %.
    const share = exactTimeShare(minutes, working) ?? 0;
    if (share < L.taskPercentageMin - 1e-9 || share > L.taskPercentageMax + 1e-9) {
      add(`${p}.minutesPerWeek`, E('taskPercentage'), { min: nl(L.taskPercentageMin), max: nl(L.taskPercentageMax), share: nl(share) });
    } else if (minutes / days < L.taskMinutesPerDayMin - 1e-9) {
      add(`${p}.minutesPerWeek`, E('taskMinutesPerDay'), { minutes: L.taskMinutesPerDayMin, hours: nl((L.taskMinutesPerDayMin * days) / L.minutesPerHour) });
    }
  });
  if (working === null || days === null) { add('tasks', E('workingHoursFirst')); return; }
  if (!numeric) return;
  const totalMinutes = used.reduce((s, t) => s + (t.minutesPerWeek ?? 0), 0);
  const minTotal = Math.max(L.totalHoursMin, L.totalHoursPerDayMin * days) * L.minutesPerHour;
  if (totalMinutes < minTotal - 1e-9) add('tasks', E('totalHoursMin'), { hours: nl(minTotal / L.minutesPerHour) });
  else if (totalMinutes > working + 1e-9) add('tasks', E('totalHoursMax'), { hours: nl(working / L.minutesPerHour, 1) });
  const total = calculate(d).totalPercentageTimeSpent;
  if (total !== L.taskPercentageTotal) add('tasks', E('totalPercentage'), { total: nl(total ?? 0) });
}

const within = (table: Readonly<Record<string, number>>, value: number | null | undefined): boolean =>
  value != null && Object.values(table).includes(value);

function normFunction(d: MeasurementDraft, add: Add): void {
  const n = d.normFunction;
  requireText(add, 'normFunction.normFunction', n.normFunction);
  if (n.normFunctionType == null) add('normFunction.normFunctionType', E('required'));
  else if (!within(NormFunctionType, n.normFunctionType)) add('normFunction.normFunctionType', E('optionInvalid'));
  requireText(add, 'normFunction.normFunctionTypeExplanation', n.normFunctionTypeExplanation);
  if (n.normFunctionSource == null) add('normFunction.normFunctionSource', E('required'));
  else if (!within(NormFunctionSource, n.normFunctionSource)) add('normFunction.normFunctionSource', E('optionInvalid'));
  requireText(add, 'normFunction.normFunctionSourceExplanation', n.normFunctionSourceExplanation);
  const wageFields = ['salaryInterval', 'salary', 'holidayAllowancePercentage', 'emolument', 'salaryScale'] as const;
  if (isDispensation(d.type)) {
    if (n.salaryInterval == null) add('normFunction.salaryInterval', E('required'));
    else if (!within(SalaryInterval, n.salaryInterval)) add('normFunction.salaryInterval', E('optionInvalid'));
    checkNumber(add, 'normFunction.salary', n.salary, 0.01, 1_000_000, 2);
    checkNumber(add, 'normFunction.holidayAllowancePercentage', n.holidayAllowancePercentage, 0, 100, 2);
    checkNumber(add, 'normFunction.emolument', n.emolument, 0, 1_000_000, 2, false);
  } else {
    for (const f of wageFields) if (n[f] !== undefined) add(`normFunction.${f}`, E('wageFieldsNotAllowed'));
  }
  let complete = true;
  d.tasks.forEach((t, i) => {
    if (!usedTasks([t]).length) return;
    const a = checkNumber(add, `tasks.${i}.percentageTimeSpentNormFunction`, t.percentageTimeSpentNormFunction, 0, 100, 2);
    const b = checkNumber(add, `tasks.${i}.percentageOverlap`, t.percentageOverlap, 0, 100, 2);
    if (a === null || b === null) complete = false;
  });
  if (!complete) return;
  const f = calculate(d);
  if (f.normFunctionTimeShare !== null && f.normFunctionTimeShare > L.normFunctionTimeShareMax) {
    add('normFunction', E('normFunctionTimeShare'), { max: L.normFunctionTimeShareMax, share: nl(f.normFunctionTimeShare) });
  }
  if (f.overlap !== null && f.overlap < L.overlapMin) add('normFunction', E('overlapMin'), { min: L.overlapMin, overlap: nl(f.overlap) });
}

function workPerformance(d: MeasurementDraft, add: Add): void {
  d.tasks.forEach((t, i) => {
    if (!usedTasks([t]).length) return;
    const p = `tasks.${i}`;
    const min = L.performancePercentageMin;
    const max = L.performancePercentageMax;
    checkNumber(add, `${p}.percentagePace`, t.percentagePace, min, max, L.percentageDecimals);
    requireText(add, `${p}.paceExplanation`, t.paceExplanation);
    checkNumber(add, `${p}.percentageQuality`, t.percentageQuality, min, max, L.percentageDecimals);
    requireText(add, `${p}.qualityExplanation`, t.qualityExplanation);
    checkNumber(add, `${p}.percentageNetWorkingTime`, t.percentageNetWorkingTime, min, max, L.percentageDecimals);
    requireText(add, `${p}.netWorkingTimeExplanation`, t.netWorkingTimeExplanation);
  });
}

function result(d: MeasurementDraft, add: Add): void {
  const wp = calculate(d).workPerformance;
  if (wp === null || wp < L.workPerformanceMin || wp > L.workPerformanceMax) {
    add('result', E('workPerformanceRange'), { min: L.workPerformanceMin, max: L.workPerformanceMax });
  }
}

function advice(d: MeasurementDraft, add: Add): void {
  const a = d.advice;
  if (a.useSpecialConditions === null) add('advice.useSpecialConditions', E('required'));
  if (a.useSpecialConditions === true) {
    if (a.specialConditions.length === 0) add('advice.specialConditions', E('required'));
    else if (!a.specialConditions.every((c) => within(SpecialCondition, c))) add('advice.specialConditions', E('optionInvalid'));
    if (a.specialConditions.includes(SpecialCondition.other)) requireText(add, 'advice.specialConditionsOther', a.specialConditionsOther);
    requireText(add, 'advice.specialConditionsExplanation', a.specialConditionsExplanation);
  }
  if (a.reassessmentAdvice == null) add('advice.reassessmentAdvice', E('required'));
  else if (!within(ReassessmentAdvice, a.reassessmentAdvice)) add('advice.reassessmentAdvice', E('optionInvalid'));
  requireText(add, 'advice.reassessmentAdviceExplanation', a.reassessmentAdviceExplanation);
  requireDate(add, 'advice.employerDiscussionDate', a.employerDiscussionDate);
  if (a.employerAgreed === null) add('advice.employerAgreed', E('required'));
  requireDate(add, 'advice.employeeDiscussionDate', a.employeeDiscussionDate);
  if (a.employeeAgreed === null) add('advice.employeeAgreed', E('required'));
  requireText(add, 'advice.employeeDiscussionExplanation', a.employeeDiscussionExplanation);
}

function summary(d: MeasurementDraft, add: Add): void {
  requireText(add, 'summary', d.summary);
}

const RULES: Record<MeasurementStep, (d: MeasurementDraft, add: Add) => void> = {
  details, researchActivities: research, tasks, normFunction, workPerformance, result, advice, summary,
};

/** The issues of one step (the step's own fields and the rules that span fields of that step). */
export function validateStep(step: MeasurementStep, draft: MeasurementDraft): WageValueIssue[] {
  const issues: WageValueIssue[] = [];
  if (draft.type !== MeasurementType.wage_subsidy && draft.type !== MeasurementType.wage_dispensation) {
    issues.push({ path: 'type', key: E('optionInvalid') });
  }
  RULES[step](draft, (path, key, params) => issues.push(params ? { path, key, params } : { path, key }));
  return issues;
}

/** The issues of every step (a definitive measurement must have none). */
export function validateMeasurement(draft: MeasurementDraft): { step: MeasurementStep; issues: WageValueIssue[] }[] {
  return measurementSteps.map((step) => ({ step, issues: validateStep(step, draft) })).filter((s) => s.issues.length > 0);
}

/**
 * The stored measurement's figures must stay possible whatever step is saved (issue 21): a concept save
 * is checked on the whole merged draft, not only on the groups it carries. Not completeness (a concept
 * may have empty steps), only what would make the figures impossible: tasks longer than the working
 * week (a share over 100 %), hours with more than two decimals, pace/quality/net working time outside
 * 1–100 (pace 0 would give a task result of 0 % the tasks step never showed), norm-function shares and
 * overlaps outside 0–100, a norm-function time share over 100 %, a work performance outside 0–100.
 */
export function consistencyIssues(d: MeasurementDraft): WageValueIssue[] {
  const issues: WageValueIssue[] = [];
  const add: Add = (path, key, params) => issues.push(params ? { path, key, params } : { path, key });
  const used = usedTasks(d.tasks);
  const pct = (path: string, value: number | null, min: number, max: number): boolean => {
    if (value === null) return true;
    if (!Number.isFinite(value)) { add(path, E('notNumber')); return false; }
    if (value < min || value > max) { add(path, E('range'), { min: nl(min), max: nl(max) }); return false; }
    if (!hasAtMostDecimals(value, L.percentageDecimals)) { add(path, E('decimals'), { decimals: L.percentageDecimals }); return false; }
    return true;
  };
  let minutesOk = true;
  d.tasks.forEach((t, i) => {
    const p = `tasks.${i}`;
    const m = t.minutesPerWeek;
    if (m !== null) {
      if (!Number.isFinite(m) || m < 0) { add(`${p}.minutesPerWeek`, E('notNumber')); minutesOk = false; }
      else if (!isHundredthsOfHour(m)) { add(`${p}.minutesPerWeek`, E('decimals'), { decimals: L.hoursDecimals }); minutesOk = false; }
    }
    pct(`${p}.percentagePace`, t.percentagePace, L.performancePercentageMin, L.performancePercentageMax);
    pct(`${p}.percentageQuality`, t.percentageQuality, L.performancePercentageMin, L.performancePercentageMax);
    pct(`${p}.percentageNetWorkingTime`, t.percentageNetWorkingTime, L.performancePercentageMin, L.performancePercentageMax);
    pct(`${p}.percentageTimeSpentNormFunction`, t.percentageTimeSpentNormFunction, 0, 100);
    pct(`${p}.percentageOverlap`, t.percentageOverlap, 0, 100);
  });
  const wh = d.details.workingHoursPerWeek;
  if (minutesOk && wh !== null && Number.isFinite(wh) && wh > 0) {
    const total = used.reduce((s, t) => s + (t.minutesPerWeek ?? 0), 0);
    if (total > wh * L.minutesPerHour + 1e-6) {
      add('details.workingHoursPerWeek', E('tasksExceedWorkingHours'), { hours: nl(total / L.minutesPerHour), working: nl(wh, 1) });
    }
  }
  if (issues.length > 0) return issues;
  const f = calculate(d);
  if (f.normFunctionTimeShare !== null && f.normFunctionTimeShare > L.normFunctionTimeShareMax) {
    add('normFunction', E('normFunctionTimeShare'), { max: L.normFunctionTimeShareMax, share: nl(f.normFunctionTimeShare) });
  }
  if (f.workPerformance !== null && (f.workPerformance < L.workPerformanceMin || f.workPerformance > L.workPerformanceMax)) {
    add('result', E('workPerformanceRange'), { min: L.workPerformanceMin, max: L.workPerformanceMax });
  }
  return issues;
}

export const firstIssue = (issues: readonly { issues: WageValueIssue[] }[]): WageValueIssue | undefined => issues[0]?.issues[0];
