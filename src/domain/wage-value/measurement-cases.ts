/**
 * The table of measurement cases (issue 12): run by the domain test (calculation and validation) and by
 * the server test through the server's save path, so form, worker and server answer alike.
 */
import { MeasurementType, SalaryInterval, SpecialCondition, type MeasurementStep } from './constants';
import { emptyDraft, emptyTask, type MeasurementDraft, type MeasurementTask } from './measurement';
import type { MeasurementFigures } from './calculation';

export interface MeasurementCase {
  name: string;
  draft: MeasurementDraft;
  /** Issues that must be found (step, field path, key); empty: the measurement is complete and valid. */
  issues: { step: MeasurementStep; path: string; key: string }[];
  figures?: Partial<Omit<MeasurementFigures, 'tasks'>> & { taskShares?: (number | null)[]; taskResults?: (number | null)[] };
}

type TaskInput = [hours: number | null, pace: number | null, quality: number | null, net: number | null, normShare: number | null, overlap: number | null];

function task(i: number, [hours, pace, quality, net, share, overlap]: TaskInput): MeasurementTask {
  return {
    ...emptyTask(i + 1),
    description: `Taak ${i + 1}`, explanation: 'Uitleg bij de taak', minutesPerWeek: hours === null ? null : Math.round(hours * 100) * 60 / 100,
    percentagePace: pace, paceExplanation: 'Tempo toegelicht', percentageQuality: quality, qualityExplanation: 'Kwaliteit toegelicht',
    percentageNetWorkingTime: net, netWorkingTimeExplanation: 'Netto werktijd toegelicht',
    percentageTimeSpentNormFunction: share, percentageOverlap: overlap,
  };
}

/** A complete, valid wage-subsidy measurement: 40 of 40 hours, three tasks (16, 16, 8 hours). */
export function validDraft(opts: { type?: 1 | 2; workingHours?: number | null; fullTimeHours?: number | null; tasks?: TaskInput[] } = {}): MeasurementDraft {
  const d = emptyDraft(opts.type ?? MeasurementType.wage_subsidy);
  d.details = {
    startingDate: '2026-11-02', validUntil: '2027-11-02', employerName: 'Groen BV', employerContactName: 'Mevr. Kramer',
    employerContactEmail: 'hr@groen.nl', interviewedEmployerName: 'Dhr. Hoogland', performedFunction: 'Medewerker groen',
    workingHoursPerWeek: opts.workingHours === undefined ? 40 : opts.workingHours,
    fullTimeHours: opts.fullTimeHours === undefined ? 40 : opts.fullTimeHours, wageValueExpert: 'E. Expert', context: 'Werkt sinds mei.',
  };
  d.researchActivities = {
    reportDate: '2026-11-09', companyVisit: false, companyVisitDate: '2026-11-02', interviewedEmployee: false,
    interviewedEmployeeDate: '2026-11-02', interviewedEmployer: false, interviewedEmployerDate: '2026-11-02',
    researchActivitiesExplanation: 'Observatie en gesprekken.',
  };
  const tasks = opts.tasks ?? [[16, 80, 90, 100, 40, 100], [16, 70, 100, 90, 40, 100], [8, 100, 100, 100, 20, 50]];
  d.tasks = d.tasks.map((blank, i) => (tasks[i] ? task(i, tasks[i]) : blank));
  d.normFunction = {
    ...d.normFunction, normFunction: 'Hovenier', normFunctionType: 1, normFunctionTypeExplanation: 'Overlap met de cao-functie.',
    normFunctionSource: 1, normFunctionSourceExplanation: 'Cao Hoveniers.',
  };
  if (d.type === MeasurementType.wage_dispensation) {
    d.normFunction = { ...d.normFunction, salaryInterval: SalaryInterval.monthly, salary: 2000, holidayAllowancePercentage: 8, emolument: 40, salaryScale: 'A' };
  }
  d.advice = {
    useSpecialConditions: false, specialConditions: [], specialConditionsOther: '', specialConditionsExplanation: '',
    reassessmentAdvice: 2, reassessmentAdviceExplanation: 'Ontwikkeling verwacht.', employerDiscussionDate: '2026-11-05',
    employerAgreed: true, employerView: 'Eens.', employeeDiscussionDate: '2026-11-05', employeeAgreed: true,
    employeeDiscussionExplanation: 'Werknemer herkent zich erin.',
  };
  d.summary = 'Stabiele prestatie.';
  return d;
}

const change = (d: MeasurementDraft, fn: (d: MeasurementDraft) => void): MeasurementDraft => { fn(d); return d; };
const e = (k: string): string => `wageValue.errors.${k}`;
const one = (hours: number, pace: number): TaskInput[] => [[hours, pace, 100, 100, 100, 100]];

export const MEASUREMENT_CASES: MeasurementCase[] = [
  { name: 'valid three-task measurement', draft: validDraft(), issues: [],
    figures: { taskShares: [40, 40, 20], taskResults: [72, 63, 100], totalPercentageTimeSpent: 100, workPerformance: 74, wageValuePercentage: 74, partTimeFactor: 1, overlap: 90, normFunctionTimeShare: 100, normWage: null, wageValue: null } },
  { name: 'task at exactly 6.25 %', draft: validDraft({ tasks: [[2.5, 80, 100, 100, 10, 100], [18.75, 80, 100, 100, 45, 100], [18.75, 80, 100, 100, 45, 100]] }), issues: [],
    figures: { taskShares: [6.25, 46.88, 46.88], totalPercentageTimeSpent: 100, workPerformance: 80.01, wageValuePercentage: 80 } },
  { name: 'task just below 6.25 % (2,49 of 40 hours)', draft: validDraft({ tasks: [[2.49, 80, 100, 100, 10, 100], [18.76, 80, 100, 100, 45, 100], [18.75, 80, 100, 100, 45, 100]] }),
    issues: [{ step: 'tasks', path: 'tasks.0.minutesPerWeek', key: e('taskPercentage') }], figures: { taskShares: [6.23, 46.9, 46.88] } },
  { name: 'time shares of exactly 100 % (13,33 + 13,33 + 13,34)', draft: validDraft({ tasks: [[13.33, 90, 100, 100, 33, 100], [13.33, 90, 100, 100, 33, 100], [13.34, 90, 100, 100, 34, 100]] }), issues: [],
    figures: { taskShares: [33.33, 33.33, 33.35], totalPercentageTimeSpent: 100, workPerformance: 90.01, wageValuePercentage: 90 } },
  { name: 'time shares just under 100 % (99,98: 13,33 × 3)', draft: validDraft({ tasks: [[13.33, 90, 100, 100, 33, 100], [13.33, 90, 100, 100, 33, 100], [13.33, 90, 100, 100, 34, 100]] }),
    issues: [{ step: 'tasks', path: 'tasks', key: e('totalPercentage') }], figures: { totalPercentageTimeSpent: 99.98 } },
  { name: 'tasks over the working hours', draft: validDraft({ tasks: [[20, 90, 100, 100, 50, 100], [21, 90, 100, 100, 50, 100]] }),
    issues: [{ step: 'tasks', path: 'tasks', key: e('totalHoursMax') }, { step: 'tasks', path: 'tasks', key: e('totalPercentage') }] },
  { name: 'overlap exactly 60 %', draft: validDraft({ tasks: [[24, 80, 100, 100, 60, 100], [8, 80, 100, 100, 20, 0], [8, 80, 100, 100, 20, 0]] }), issues: [], figures: { overlap: 60 } },
  { name: 'overlap 59,99 %', draft: validDraft({ tasks: [[24, 80, 100, 100, 59.99, 100], [8, 80, 100, 100, 20, 0], [8, 80, 100, 100, 20, 0]] }),
    issues: [{ step: 'normFunction', path: 'normFunction', key: e('overlapMin') }], figures: { overlap: 59.99 } },
  { name: 'norm function time share above 100 %', draft: validDraft({ tasks: [[24, 80, 100, 100, 60.01, 100], [16, 80, 100, 100, 40, 100]] }),
    issues: [{ step: 'normFunction', path: 'normFunction', key: e('normFunctionTimeShare') }] },
  { name: 'percentages at 1', draft: validDraft({ tasks: [[40, 1, 1, 1, 100, 100]] }), issues: [], figures: { taskResults: [0], workPerformance: 0, wageValuePercentage: 0 } },
  { name: 'pace at 1', draft: validDraft({ tasks: one(40, 1) }), issues: [], figures: { taskResults: [1], workPerformance: 1, wageValuePercentage: 1 } },
  { name: 'percentages at 100', draft: validDraft({ tasks: [[40, 100, 100, 100, 100, 100]] }), issues: [], figures: { workPerformance: 100, wageValuePercentage: 100 } },
  { name: 'pace 0 is below the range', draft: validDraft({ tasks: one(40, 0) }), issues: [{ step: 'workPerformance', path: 'tasks.0.percentagePace', key: e('range') }] },
  { name: 'pace 100,01 is above the range', draft: validDraft({ tasks: one(40, 100.01) }), issues: [{ step: 'workPerformance', path: 'tasks.0.percentagePace', key: e('range') }] },
  { name: 'quality 101 is above the range', draft: validDraft({ tasks: [[40, 80, 101, 100, 100, 100]] }), issues: [{ step: 'workPerformance', path: 'tasks.0.percentageQuality', key: e('range') }] },
  { name: 'net working time missing', draft: validDraft({ tasks: [[40, 80, 100, null, 100, 100]] }), issues: [{ step: 'workPerformance', path: 'tasks.0.percentageNetWorkingTime', key: e('required') }] },
  { name: 'part-time 20 of 40 hours', draft: validDraft({ workingHours: 20, tasks: [[10, 80, 100, 100, 50, 100], [10, 60, 100, 100, 50, 100]] }), issues: [],
    figures: { partTimeFactor: 0.5, taskShares: [50, 50], workPerformance: 70, wageValuePercentage: 70 } },
  { name: 'part-time wage dispensation 32 of 40 hours, monthly', draft: validDraft({ type: 2, workingHours: 32, tasks: [[16, 80, 100, 100, 50, 100], [16, 60, 100, 100, 50, 100]] }), issues: [],
    figures: { partTimeFactor: 0.8, workPerformance: 70, wageValuePercentage: 70, holidayAllowance: 160, normWage: 2200, wageValue: 1232 } },
  { name: 'wage dispensation, full time, monthly', draft: validDraft({ type: 2 }), issues: [],
    figures: { workPerformance: 74, holidayAllowance: 160, normWage: 2200, wageValue: 1628 } },
  { name: 'wage dispensation, four-weekly salary', draft: change(validDraft({ type: 2, workingHours: 32, tasks: [[16, 74, 100, 100, 50, 100], [16, 74, 100, 100, 50, 100]] }), (d) => {
    d.normFunction = { ...d.normFunction, salaryInterval: SalaryInterval.fourWeekly, salary: 1846.15, holidayAllowancePercentage: 8, emolument: 0 };
  }), issues: [], figures: { holidayAllowance: 147.69, normWage: 1993.84, partTimeFactor: 0.8, wageValuePercentage: 74, wageValue: 1180.35 } },
  { name: 'wage subsidy carries no norm wage fields', draft: change(validDraft(), (d) => { d.normFunction = { ...d.normFunction, salary: 2000 }; }),
    issues: [{ step: 'normFunction', path: 'normFunction.salary', key: e('wageFieldsNotAllowed') }], figures: { normWage: null, wageValue: null } },
  { name: 'wage dispensation without salary', draft: change(validDraft({ type: 2 }), (d) => { d.normFunction.salary = null; }),
    issues: [{ step: 'normFunction', path: 'normFunction.salary', key: e('required') }], figures: { normWage: null } },
  { name: 'rounding at ,5 goes up (74,50 → 75)', draft: validDraft({ tasks: one(40, 74.5) }), issues: [], figures: { workPerformance: 74.5, wageValuePercentage: 75 } },
  { name: 'rounding below ,5 goes down (74,49 → 74)', draft: validDraft({ tasks: one(40, 74.49) }), issues: [], figures: { workPerformance: 74.49, wageValuePercentage: 74 } },
  { name: 'rounding of a product at ,5 (pace 75 × quality 99,33 = 74,4975 → 74,50 → 75)', draft: validDraft({ tasks: [[40, 75, 99.33, 100, 100, 100]] }), issues: [],
    figures: { taskResults: [74.5], wageValuePercentage: 75 } },
  { name: 'no tasks', draft: validDraft({ tasks: [] }), issues: [{ step: 'tasks', path: 'tasks', key: e('tasksCount') }] },
  { name: 'six tasks', draft: change(validDraft(), (d) => { d.tasks.push(task(5, [1, 80, 100, 100, 0, 0])); }),
    issues: [{ step: 'tasks', path: 'tasks', key: e('tasksCount') }, { step: 'tasks', path: 'tasks.5.minutesPerWeek', key: e('taskPercentage') },
      { step: 'tasks', path: 'tasks', key: e('totalHoursMax') }, { step: 'tasks', path: 'tasks', key: e('totalPercentage') }] },
  { name: 'hours without a description', draft: change(validDraft(), (d) => { d.tasks[2] = { ...(d.tasks[2] as MeasurementTask), description: '' }; }),
    issues: [{ step: 'tasks', path: 'tasks.2.description', key: e('taskDescriptionRequired') }] },
  { name: 'a description without hours or explanation', draft: change(validDraft(), (d) => { d.tasks[3] = { ...(d.tasks[3] as MeasurementTask), description: 'Extra taak' }; }),
    issues: [{ step: 'tasks', path: 'tasks.3.explanation', key: e('required') }, { step: 'tasks', path: 'tasks.3.minutesPerWeek', key: e('required') }] },
  { name: 'a task of zero hours counts as used', draft: change(validDraft(), (d) => { d.tasks[3] = { ...(d.tasks[3] as MeasurementTask), description: 'Nultaak', explanation: 'x', minutesPerWeek: 0 }; }),
    issues: [{ step: 'tasks', path: 'tasks.3.minutesPerWeek', key: e('taskPercentage') }] },
  { name: '30 minutes a working day at 36 full-time hours (2,25 h is 6,25 % but 27 minutes a day)', draft: validDraft({ workingHours: 36, fullTimeHours: 36, tasks: [[2.25, 80, 100, 100, 10, 100], [16.87, 80, 100, 100, 45, 100], [16.88, 80, 100, 100, 45, 100]] }),
    issues: [{ step: 'tasks', path: 'tasks.0.minutesPerWeek', key: e('taskMinutesPerDay') }] },
  { name: 'working hours above full-time hours', draft: validDraft({ workingHours: 40, fullTimeHours: 38 }), issues: [{ step: 'details', path: 'details.workingHoursPerWeek', key: e('workingHoursAboveFullTime') }] },
  { name: 'empty full-time hours: working hours capped at 48', draft: validDraft({ workingHours: 48.5, fullTimeHours: null }),
    issues: [{ step: 'details', path: 'details.fullTimeHours', key: e('required') }, { step: 'details', path: 'details.workingHoursPerWeek', key: e('workingHoursAboveFullTime') }] },
  { name: 'full-time hours 48,1', draft: validDraft({ fullTimeHours: 48.1 }), issues: [{ step: 'details', path: 'details.fullTimeHours', key: e('range') }] },
  { name: 'full-time hours with two decimals', draft: validDraft({ fullTimeHours: 38.25, workingHours: 38 }), issues: [{ step: 'details', path: 'details.fullTimeHours', key: e('decimals') }] },
  { name: 'working hours below 1', draft: validDraft({ workingHours: 0.5 }), issues: [{ step: 'details', path: 'details.workingHoursPerWeek', key: e('range') }] },
  { name: 'working hours with two decimals', draft: validDraft({ workingHours: 36.55 }), issues: [{ step: 'details', path: 'details.workingHoursPerWeek', key: e('decimals') }] },
  { name: 'contact e-mail invalid', draft: change(validDraft(), (d) => { d.details.employerContactEmail = 'hr@groen'; }), issues: [{ step: 'details', path: 'details.employerContactEmail', key: e('emailInvalid') }] },
  { name: 'starting date not a real date', draft: change(validDraft(), (d) => { d.details.startingDate = '31-02-2026'; }), issues: [{ step: 'details', path: 'details.startingDate', key: e('dateInvalid') }] },
  { name: 'special condition "other" without text', draft: change(validDraft(), (d) => { d.advice = { ...d.advice, useSpecialConditions: true, specialConditions: [SpecialCondition.other], specialConditionsExplanation: 'x' }; }),
    issues: [{ step: 'advice', path: 'advice.specialConditionsOther', key: e('required') }] },
  { name: 'special conditions used without a choice or explanation', draft: change(validDraft(), (d) => { d.advice.useSpecialConditions = true; }),
    issues: [{ step: 'advice', path: 'advice.specialConditions', key: e('required') }, { step: 'advice', path: 'advice.specialConditionsExplanation', key: e('required') }] },
  { name: 'use of special conditions not answered', draft: change(validDraft(), (d) => { d.advice.useSpecialConditions = null; }), issues: [{ step: 'advice', path: 'advice.useSpecialConditions', key: e('required') }] },
  { name: 'summary missing', draft: change(validDraft(), (d) => { d.summary = ' '; }), issues: [{ step: 'summary', path: 'summary', key: e('required') }] },
];
