/**
 * The wage-value report in the layout of the official model report (uniform method): one pdfmake
 * document definition built here, printed by the browser (concept report offline on the tablet) and by
 * the server (the definitive report, stored as a file of kind 18). Pure: the texts come in through `t`
 * (the locale file's wageValue.report and wageValue.options keys), the numbers in Dutch format.
 */
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { calculate } from './calculation';
import { SalaryInterval, type MeasurementStatus } from './constants';
import { hoursOfMinutes, isDispensation, researchFlags, usedTasks, type MeasurementDraft, type ParticipantSnapshot } from './measurement';
import { formatDutchNumber, formatEuro, toDutchDate } from './numbers';

export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface ReportInput {
  draft: MeasurementDraft;
  status: MeasurementStatus;
  participant: ParticipantSnapshot;
  /** ISO time the report is printed (footer). */
  printedAt: string;
  /**
   * Printed on a device from data the server has not accepted (a change waiting, refused or in
   * conflict, a status set only there): marked CONCEPT whatever `status` says (issue 19).
   */
  unconfirmed?: boolean;
}

export const REPORT_FONT = 'Helvetica';

const pct = (n: number | null | undefined, decimals = 2): string => (n == null ? '–' : `${formatDutchNumber(n, 0, decimals)}%`);
const hours = (n: number | null | undefined): string => (n == null ? '–' : `${formatDutchNumber(n, 0, 2)} uur`);
const text = (s: string | null | undefined): string => (s && s.trim() !== '' ? s : '–');
const date = (iso: string | null | undefined): string => text(toDutchDate(iso));

export function participantName(p: ParticipantSnapshot): string {
  return [p.firstname, p.prefix, p.lastname].filter((x) => x && x.trim() !== '').join(' ');
}

function fieldTable(rows: [string, string][]): Content {
  return {
    table: { widths: [170, '*'], body: rows.map(([label, value]): TableCell[] => [{ text: label, style: 'label' }, { text: value }]) },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 10],
  };
}

const heading = (s: string): Content => ({ text: s, style: 'h2' });
const paragraph = (label: string, value: string): Content[] => [{ text: label, style: 'label' }, { text: text(value), margin: [0, 0, 0, 6] }];

/** The pdfmake document definition of the report. */
export function buildReportDefinition(input: ReportInput, t: Translate): TDocumentDefinitions {
  const { draft, status, participant } = input;
  const d = draft.details;
  const r = draft.researchActivities;
  const flags = researchFlags(r);
  const nf = draft.normFunction;
  const a = draft.advice;
  const f = calculate(draft);
  const dispensation = isDispensation(draft.type);
  const tasks = usedTasks(draft.tasks);
  const yesNo = (b: boolean | null): string => (b === null ? '–' : t(b ? 'wageValue.report.yes' : 'wageValue.report.no'));
  const option = (group: string, v: number | null | undefined): string => (v == null ? '–' : t(`wageValue.options.${group}.${v}`));

  const taskRows: TableCell[][] = [
    [t('wageValue.report.task'), t('wageValue.report.hours'), t('wageValue.report.time'), t('wageValue.report.pace'), t('wageValue.report.quality'), t('wageValue.report.netWorkingTime'), t('wageValue.report.result')]
      .map((s): TableCell => ({ text: s, style: 'th' })),
    ...tasks.map((task, i): TableCell[] => {
      const fig = f.tasks[i];
      return [
        { text: text(task.description) }, { text: hours(hoursOfMinutes(task.minutesPerWeek)) }, { text: pct(fig?.percentageTimeSpent) },
        { text: pct(task.percentagePace) }, { text: pct(task.percentageQuality) }, { text: pct(task.percentageNetWorkingTime) },
        { text: pct(fig?.workPerformance) },
      ];
    }),
    [
      { text: t('wageValue.report.total'), style: 'th' }, { text: hours(hoursOfMinutes(f.totalMinutesPerWeek)), style: 'th' },
      { text: pct(f.totalPercentageTimeSpent), style: 'th' }, { text: '' }, { text: '' }, { text: '' },
      { text: pct(f.workPerformance), style: 'th' },
    ],
  ];

  const resultRows: [string, string][] = [
    [t('wageValue.report.workPerformance'), pct(f.workPerformance)],
    [t('wageValue.report.wageValuePercentage'), pct(f.wageValuePercentage, 0)],
    [t('wageValue.report.partTimeFactor'), f.partTimeFactor == null ? '–' : formatDutchNumber(f.partTimeFactor, 0, 4)],
  ];
  if (dispensation) {
    const per = t(nf.salaryInterval === SalaryInterval.fourWeekly ? 'wageValue.report.perFourWeeks' : 'wageValue.report.perMonth');
    resultRows.push(
      [t('wageValue.report.salaryInterval'), option('salaryInterval', nf.salaryInterval)],
      [t('wageValue.report.salary'), `${formatEuro(nf.salary)} ${per}`],
      [t('wageValue.report.holidayAllowance', { percentage: formatDutchNumber(nf.holidayAllowancePercentage ?? 0) }), formatEuro(f.holidayAllowance)],
      [t('wageValue.report.emolument'), formatEuro(nf.emolument ?? 0)],
      [t('wageValue.report.normWage'), `${formatEuro(f.normWage)} ${per}`],
      [t('wageValue.report.salaryScale'), text(nf.salaryScale)],
      [t('wageValue.report.wageValueAmount'), `${formatEuro(f.wageValue)} ${per}`],
    );
  }

  const explanations: Content[] = tasks.flatMap((task, i): Content[] => [
    { text: t('wageValue.report.taskHeading', { n: i + 1, description: text(task.description) }), style: 'h3' },
    ...paragraph(t('wageValue.report.taskExplanation'), task.explanation),
    ...paragraph(t('wageValue.report.paceExplanation'), task.paceExplanation),
    ...paragraph(t('wageValue.report.qualityExplanation'), task.qualityExplanation),
    ...paragraph(t('wageValue.report.netWorkingTimeExplanation'), task.netWorkingTimeExplanation),
  ]);

  const conditions = a.useSpecialConditions
    ? a.specialConditions.map((c) => (c === 6 ? `${option('specialConditions', c)}: ${text(a.specialConditionsOther)}` : option('specialConditions', c))).join(', ')
    : t('wageValue.report.none');

  return {
    info: { title: t('wageValue.report.title'), subject: participantName(participant) },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: REPORT_FONT, fontSize: 9, lineHeight: 1.15 },
    styles: {
      h1: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      h2: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
      h3: { fontSize: 10, bold: true, margin: [0, 6, 0, 2] },
      label: { bold: true },
      th: { bold: true },
      concept: { fontSize: 10, bold: true, color: '#a00000' },
    },
    footer: (page: number, pages: number): Content => ({
      columns: [
        { text: `${t('wageValue.report.printed')} ${toDutchDate(input.printedAt)}` },
        { text: t('wageValue.report.page', { page, pages }), alignment: 'right' },
      ],
      margin: [40, 10, 40, 0],
      fontSize: 8,
    }),
    content: [
      { text: t('wageValue.report.title'), style: 'h1' },
      { text: t(`wageValue.report.type${dispensation ? 'Dispensation' : 'Subsidy'}`) },
      ...(input.unconfirmed === true
        ? [{ text: t('wageValue.report.unconfirmed'), style: 'concept' } satisfies Content]
        : status === 'definitive' ? [] : [{ text: t(`wageValue.report.status.${status}`), style: 'concept' } satisfies Content]),
      heading(t('wageValue.report.sectionParticipant')),
      fieldTable([
        [t('wageValue.report.participant'), text(participantName(participant))],
        ...(participant.bsn ? [[t('wageValue.report.bsn'), text(participant.bsn)] as [string, string]] : []),
        [t('wageValue.report.birthdate'), date(participant.birthdate)],
        [t('wageValue.report.reportDate'), date(r.reportDate)],
        [t('wageValue.report.companyVisitDate'), flags.companyVisited ? date(r.companyVisitDate) : t('wageValue.report.noCompanyVisit')],
        [t('wageValue.report.employeeInterview'), flags.employeeInterviewed ? date(r.interviewedEmployeeDate) : t('wageValue.report.no')],
        [t('wageValue.report.employerInterview'), flags.employerInterviewed ? date(r.interviewedEmployerDate) : t('wageValue.report.no')],
        [t('wageValue.report.startingDate'), date(d.startingDate)],
        [t('wageValue.report.validUntil'), date(d.validUntil)],
      ]),
      heading(t('wageValue.report.sectionEmployer')),
      fieldTable([
        [t('wageValue.report.employer'), text(d.employerName)],
        [t('wageValue.report.contact'), text(d.employerContactName)],
        [t('wageValue.report.email'), text(d.employerContactEmail)],
        [t('wageValue.report.interviewedEmployer'), text(d.interviewedEmployerName)],
      ]),
      heading(t('wageValue.report.sectionFunction')),
      fieldTable([
        [t('wageValue.report.normFunction'), text(nf.normFunction)],
        [t('wageValue.report.normFunctionType'), option('normFunctionType', nf.normFunctionType)],
        [t('wageValue.report.normFunctionSource'), option('normFunctionSource', nf.normFunctionSource)],
        [t('wageValue.report.performedFunction'), text(d.performedFunction)],
        [t('wageValue.report.workingHours'), hours(d.workingHoursPerWeek)],
        [t('wageValue.report.fullTimeHours'), hours(d.fullTimeHours)],
        [t('wageValue.report.overlap'), pct(f.overlap)],
        [t('wageValue.report.expert'), text(d.wageValueExpert)],
      ]),
      heading(t('wageValue.report.sectionTasks')),
      { table: { headerRows: 1, widths: ['*', 50, 45, 45, 45, 55, 50], body: taskRows }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 10] },
      heading(t('wageValue.report.sectionResult')),
      fieldTable(resultRows),
      heading(t('wageValue.report.sectionExplanations')),
      ...paragraph(t('wageValue.report.context'), d.context),
      ...paragraph(t('wageValue.report.researchExplanation'), r.researchActivitiesExplanation),
      ...paragraph(t('wageValue.report.normFunctionTypeExplanation'), nf.normFunctionTypeExplanation),
      ...paragraph(t('wageValue.report.normFunctionSourceExplanation'), nf.normFunctionSourceExplanation),
      ...explanations,
      heading(t('wageValue.report.sectionAdvice')),
      fieldTable([
        [t('wageValue.report.specialConditions'), conditions],
        [t('wageValue.report.specialConditionsExplanation'), text(a.specialConditionsExplanation)],
        [t('wageValue.report.reassessmentAdvice'), option('reassessmentAdvice', a.reassessmentAdvice)],
        [t('wageValue.report.reassessmentAdviceExplanation'), text(a.reassessmentAdviceExplanation)],
      ]),
      heading(t('wageValue.report.sectionViews')),
      fieldTable([
        [t('wageValue.report.employerDiscussionDate'), date(a.employerDiscussionDate)],
        [t('wageValue.report.employerAgreed'), yesNo(a.employerAgreed)],
        [t('wageValue.report.employerView'), text(a.employerView)],
        [t('wageValue.report.employeeDiscussionDate'), date(a.employeeDiscussionDate)],
        [t('wageValue.report.employeeAgreed'), yesNo(a.employeeAgreed)],
        [t('wageValue.report.employeeView'), text(a.employeeDiscussionExplanation)],
      ]),
      heading(t('wageValue.report.sectionSummary')),
      { text: text(draft.summary) },
    ],
  };
}

/** A plain interpolating translator over a locale tree (the server's, and tests'). */
export function translatorOf(tree: Record<string, unknown>): Translate {
  return (key, params) => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const s = typeof node === 'string' ? node : key;
    return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(params?.[name] ?? ''));
  };
}

const fileStem = (t: Translate, participant: ParticipantSnapshot): string =>
  `${t('wageValue.report.filePrefix')}-${participantName(participant).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'meting'}`;

export const reportFileName = (t: Translate, participant: ParticipantSnapshot, status: MeasurementStatus, dateIso: string): string =>
  `${fileStem(t, participant)}-${t(`wageValue.report.fileStatus.${status}`)}-${dateIso.slice(0, 10)}.pdf`;

/**
 * The file name of a report printed on the device: the server's name (reportFileName) when the
 * replica holds exactly what the server accepted; else a concept under a name of its own
 * (`…-concept-niet-bevestigd-…`), never the name of the server's definitive report.
 */
export const deviceReportFileName = (t: Translate, participant: ParticipantSnapshot, status: MeasurementStatus, dateIso: string, unconfirmed: boolean): string =>
  unconfirmed ? `${fileStem(t, participant)}-concept-${t('wageValue.report.unconfirmedFile')}-${dateIso.slice(0, 10)}.pdf` : reportFileName(t, participant, status, dateIso);
