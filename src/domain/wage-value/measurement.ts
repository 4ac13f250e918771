/**
 * The wage-value measurement as the form, the replica document, the worker and the server see it
 * (02 §3). Field groups are stored as the jsonb columns of wage_value_measurements; tasks are kept on
 * the measurement document too (`tasks`), so a step's save is one write to one document.
 */
import {
  HOLIDAY_ALLOWANCE_DEFAULT_PERCENTAGE,
  MeasurementType,
  WageValueLimits,
  type MeasurementStatus,
  type MeasurementTypeId,
} from './constants';

export interface MeasurementDetails {
  /** ISO date. */
  startingDate: string | null;
  validUntil: string | null;
  employerName: string;
  employerContactName: string;
  employerContactEmail: string;
  interviewedEmployerName: string;
  performedFunction: string;
  workingHoursPerWeek: number | null;
  fullTimeHours: number | null;
  wageValueExpert: string;
  context: string;
}

/**
 * Research activities. The spec: "the company-visit and interview flags are stored inverted relative
 * to what they mean": the stored `companyVisit`, `interviewedEmployee` and `interviewedEmployer` are
 * true when the activity did NOT take place. Use `researchFlags()` / `storedResearchFlags()`.
 */
export interface ResearchActivities {
  reportDate: string | null;
  companyVisit: boolean;
  companyVisitDate: string | null;
  interviewedEmployee: boolean;
  interviewedEmployeeDate: string | null;
  interviewedEmployer: boolean;
  interviewedEmployerDate: string | null;
  researchActivitiesExplanation: string;
}

export interface MeasurementTask {
  sortOrder: number;
  description: string;
  explanation: string;
  minutesPerWeek: number | null;
  percentagePace: number | null;
  paceExplanation: string;
  percentageQuality: number | null;
  qualityExplanation: string;
  percentageNetWorkingTime: number | null;
  netWorkingTimeExplanation: string;
  /** Share of the norm function's time that this task covers (percent). */
  percentageTimeSpentNormFunction: number | null;
  /** How far this task matches the norm function's task (percent). */
  percentageOverlap: number | null;
}

export interface NormFunctionAndWages {
  normFunction: string;
  normFunctionType: number | null;
  normFunctionTypeExplanation: string;
  normFunctionSource: number | null;
  normFunctionSourceExplanation: string;
  /** Wage dispensation only (absent for wage_subsidy in form, payload and report). */
  salaryInterval?: number | null;
  salary?: number | null;
  holidayAllowancePercentage?: number | null;
  emolument?: number | null;
  salaryScale?: string;
}

export interface Advice {
  useSpecialConditions: boolean | null;
  specialConditions: number[];
  specialConditionsOther: string;
  specialConditionsExplanation: string;
  reassessmentAdvice: number | null;
  reassessmentAdviceExplanation: string;
  employerDiscussionDate: string | null;
  employerAgreed: boolean | null;
  employerView: string;
  employeeDiscussionDate: string | null;
  employeeAgreed: boolean | null;
  employeeDiscussionExplanation: string;
}

/** What the expert enters: everything the save mutation carries. */
export interface MeasurementDraft {
  type: MeasurementTypeId;
  details: MeasurementDetails;
  researchActivities: ResearchActivities;
  tasks: MeasurementTask[];
  normFunction: NormFunctionAndWages;
  advice: Advice;
  summary: string;
}

export interface ParticipantSnapshot {
  firstname?: string | null;
  prefix?: string | null;
  lastname?: string | null;
  /** Not stored with the measurement (issue 20): added when a report is printed, masked unless the printer may see it. */
  bsn?: string | null;
  birthdate?: string | null;
}

/** The replica document of wage_value_measurements (camelCase columns). */
export interface MeasurementDocument {
  uuid: string;
  id?: number;
  revision?: number;
  participantId: number;
  caseId?: number | null;
  status: MeasurementStatus;
  type: MeasurementTypeId;
  step: number;
  summary: string | null;
  researchExplanation?: string | null;
  createdByUserId?: number;
  expertUserId?: number | null;
  copiedFromId?: number | null;
  startingDate?: string | null;
  validUntil?: string | null;
  employerName?: string | null;
  wageValue?: number | null;
  partTimeFactor?: number | string | null;
  participantSnapshot?: ParticipantSnapshot;
  details?: Partial<MeasurementDetails>;
  researchActivities?: Partial<ResearchActivities>;
  normFunction?: Partial<NormFunctionAndWages>;
  tasks?: Partial<MeasurementTask>[] | null;
  result?: Record<string, unknown>;
  advice?: Partial<Advice>;
  reports?: Record<string, unknown>;
  definitiveAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  _pending?: boolean;
  _deleted?: boolean;
}

export const isDispensation = (type: number | null | undefined): boolean => type === MeasurementType.wage_dispensation;

export function emptyTask(sortOrder: number): MeasurementTask {
  return {
    sortOrder, description: '', explanation: '', minutesPerWeek: null,
    percentagePace: null, paceExplanation: '', percentageQuality: null, qualityExplanation: '',
    percentageNetWorkingTime: null, netWorkingTimeExplanation: '',
    percentageTimeSpentNormFunction: null, percentageOverlap: null,
  };
}

/** A task counts as used if it has a description or hours given (zero included) (02 §4). */
export function isTaskUsed(task: Pick<MeasurementTask, 'description' | 'minutesPerWeek'>): boolean {
  return task.description.trim().length > 0 || task.minutesPerWeek !== null;
}

export const usedTasks = (tasks: readonly MeasurementTask[]): MeasurementTask[] => tasks.filter(isTaskUsed);

export function emptyDraft(type: MeasurementTypeId = MeasurementType.wage_subsidy): MeasurementDraft {
  return {
    type,
    details: {
      startingDate: null, validUntil: null, employerName: '', employerContactName: '', employerContactEmail: '',
      interviewedEmployerName: '', performedFunction: '', workingHoursPerWeek: null, fullTimeHours: null,
      wageValueExpert: '', context: '',
    },
    researchActivities: {
      reportDate: null, companyVisit: false, companyVisitDate: null, interviewedEmployee: false,
      interviewedEmployeeDate: null, interviewedEmployer: false, interviewedEmployerDate: null,
      researchActivitiesExplanation: '',
    },
    tasks: Array.from({ length: WageValueLimits.tasksMax }, (_, i) => emptyTask(i + 1)),
    normFunction: {
      normFunction: '', normFunctionType: null, normFunctionTypeExplanation: '', normFunctionSource: null,
      normFunctionSourceExplanation: '',
      ...(isDispensation(type) ? dispensationDefaults() : {}),
    },
    advice: {
      useSpecialConditions: null, specialConditions: [], specialConditionsOther: '', specialConditionsExplanation: '',
      reassessmentAdvice: null, reassessmentAdviceExplanation: '', employerDiscussionDate: null, employerAgreed: null,
      employerView: '', employeeDiscussionDate: null, employeeAgreed: null, employeeDiscussionExplanation: '',
    },
    summary: '',
  };
}

export function dispensationDefaults(): Required<Pick<NormFunctionAndWages, 'salaryInterval' | 'salary' | 'holidayAllowancePercentage' | 'emolument' | 'salaryScale'>> {
  return { salaryInterval: 1, salary: null, holidayAllowancePercentage: HOLIDAY_ALLOWANCE_DEFAULT_PERCENTAGE, emolument: null, salaryScale: '' };
}

/** The norm-function group without the wage fields when the type is wage_subsidy. */
export function normFunctionForType(nf: NormFunctionAndWages, type: number): NormFunctionAndWages {
  const { salaryInterval, salary, holidayAllowancePercentage, emolument, salaryScale, ...rest } = nf;
  if (!isDispensation(type)) return rest;
  const d = dispensationDefaults();
  return {
    ...rest,
    salaryInterval: salaryInterval ?? d.salaryInterval,
    salary: salary ?? null,
    holidayAllowancePercentage: holidayAllowancePercentage ?? d.holidayAllowancePercentage,
    emolument: emolument ?? null,
    salaryScale: salaryScale ?? '',
  };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
// A timestamp is cut to its day; other text (a date half typed) is kept, so the rules say it is not a date.
const date = (v: unknown): string | null => (typeof v !== 'string' || v.trim() === '' ? null : /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : v);

/** The draft held by a stored document (missing fields filled with empties), for the form and the report. */
export function draftOfDocument(doc: Pick<MeasurementDocument, 'type' | 'details' | 'researchActivities' | 'tasks' | 'normFunction' | 'advice' | 'summary'>): MeasurementDraft {
  const type = doc.type === MeasurementType.wage_dispensation ? MeasurementType.wage_dispensation : MeasurementType.wage_subsidy;
  const empty = emptyDraft(type);
  const d = doc.details ?? {};
  const r = doc.researchActivities ?? {};
  const n = doc.normFunction ?? {};
  const a = doc.advice ?? {};
  const stored = doc.tasks ?? [];
  const tasks = empty.tasks.map((_blank, i): MeasurementTask => {
    const t = stored.find((x) => x.sortOrder === i + 1) ?? (stored[i]?.sortOrder == null ? stored[i] : undefined) ?? {};
    return {
      sortOrder: i + 1, description: str(t.description), explanation: str(t.explanation), minutesPerWeek: num(t.minutesPerWeek),
      percentagePace: num(t.percentagePace), paceExplanation: str(t.paceExplanation),
      percentageQuality: num(t.percentageQuality), qualityExplanation: str(t.qualityExplanation),
      percentageNetWorkingTime: num(t.percentageNetWorkingTime), netWorkingTimeExplanation: str(t.netWorkingTimeExplanation),
      percentageTimeSpentNormFunction: num(t.percentageTimeSpentNormFunction), percentageOverlap: num(t.percentageOverlap),
    };
  });
  const normFunction: NormFunctionAndWages = normFunctionForType({
    normFunction: str(n.normFunction), normFunctionType: num(n.normFunctionType), normFunctionTypeExplanation: str(n.normFunctionTypeExplanation),
    normFunctionSource: num(n.normFunctionSource), normFunctionSourceExplanation: str(n.normFunctionSourceExplanation),
    salaryInterval: num(n.salaryInterval), salary: num(n.salary), holidayAllowancePercentage: num(n.holidayAllowancePercentage),
    emolument: num(n.emolument), salaryScale: str(n.salaryScale),
  }, type);
  return {
    type,
    details: {
      startingDate: date(d.startingDate), validUntil: date(d.validUntil), employerName: str(d.employerName),
      employerContactName: str(d.employerContactName), employerContactEmail: str(d.employerContactEmail),
      interviewedEmployerName: str(d.interviewedEmployerName), performedFunction: str(d.performedFunction),
      workingHoursPerWeek: num(d.workingHoursPerWeek), fullTimeHours: num(d.fullTimeHours),
      wageValueExpert: str(d.wageValueExpert), context: str(d.context),
    },
    researchActivities: {
      reportDate: date(r.reportDate), companyVisit: r.companyVisit === true, companyVisitDate: date(r.companyVisitDate),
      interviewedEmployee: r.interviewedEmployee === true, interviewedEmployeeDate: date(r.interviewedEmployeeDate),
      interviewedEmployer: r.interviewedEmployer === true, interviewedEmployerDate: date(r.interviewedEmployerDate),
      researchActivitiesExplanation: str(r.researchActivitiesExplanation),
    },
    tasks,
    normFunction,
    advice: {
      useSpecialConditions: bool(a.useSpecialConditions),
      specialConditions: Array.isArray(a.specialConditions) ? a.specialConditions.filter((x): x is number => typeof x === 'number') : [],
      specialConditionsOther: str(a.specialConditionsOther), specialConditionsExplanation: str(a.specialConditionsExplanation),
      reassessmentAdvice: num(a.reassessmentAdvice), reassessmentAdviceExplanation: str(a.reassessmentAdviceExplanation),
      employerDiscussionDate: date(a.employerDiscussionDate), employerAgreed: bool(a.employerAgreed), employerView: str(a.employerView),
      employeeDiscussionDate: date(a.employeeDiscussionDate), employeeAgreed: bool(a.employeeAgreed),
      employeeDiscussionExplanation: str(a.employeeDiscussionExplanation),
    },
    summary: str(doc.summary),
  };
}

/** What the research flags mean (did the company visit / interview take place?), from the stored inverted values. */
export function researchFlags(r: Pick<ResearchActivities, 'companyVisit' | 'interviewedEmployee' | 'interviewedEmployer'>): {
  companyVisited: boolean; employeeInterviewed: boolean; employerInterviewed: boolean;
} {
  return { companyVisited: !r.companyVisit, employeeInterviewed: !r.interviewedEmployee, employerInterviewed: !r.interviewedEmployer };
}

/** The stored (inverted) flags of what took place. */
export function storedResearchFlags(f: { companyVisited: boolean; employeeInterviewed: boolean; employerInterviewed: boolean }): Pick<ResearchActivities, 'companyVisit' | 'interviewedEmployee' | 'interviewedEmployer'> {
  return { companyVisit: !f.companyVisited, interviewedEmployee: !f.employeeInterviewed, interviewedEmployer: !f.employerInterviewed };
}

/** Minutes are hours × 60 (02 §7); hours to 2 decimals. */
export const minutesOfHours = (hours: number | null): number | null => (hours === null ? null : Math.round(hours * 100) * 60 / 100);
export const hoursOfMinutes = (minutes: number | null): number | null => (minutes === null ? null : Math.round((minutes / 60) * 100) / 100);
