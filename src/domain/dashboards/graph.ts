/**
 * Dashboards (01 §2, §3, §5, §7): the graph catalogue shared by the server (which SQL a property
 * stands for lives in server/dashboards/subjects.ts), the widget builder and the REST answers.
 * Pure data and functions: no DOM, no database.
 */

export const GRAPH_SUBJECT_IDS = ['participant', 'work-plan', 'login'] as const;
export type GraphSubjectId = (typeof GRAPH_SUBJECT_IDS)[number];

export const GRAPH_TYPE_IDS = ['bar', 'pie', 'table'] as const;
export type GraphTypeId = (typeof GRAPH_TYPE_IDS)[number];

export const OPERATIONS = ['count', 'sum'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const COMPARISONS = ['eq', 'gt', 'lt', 'neq'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** Date groupings (the graph types' "modifiers"): weeks are ISO weeks, all buckets in Europe/Amsterdam. */
export const GROUPINGS = ['none', 'week', 'month', 'year'] as const;
export type Grouping = (typeof GROUPINGS)[number];

export const GRAPH_TIME_ZONE = 'Europe/Amsterdam';

/** How many datasets a widget may have: a pie shows one; bars and tables several side by side. */
export const MAX_DATASETS = 5;

export type PropertyType = 'enum' | 'reference' | 'date' | 'number';

export interface GraphProperty {
  id: string;
  /** i18n key of the label. */
  label: string;
  type: PropertyType;
  /** Comparisons a filter on this property may use. */
  filterOptions: readonly Comparison[];
  /** Operations this property takes part in as the summed value (`sum` only on numbers). */
  operations: readonly Operation[];
  /** May be the x axis or the series (enum, reference and dates; numbers only as summed value or filter). */
  groupable: boolean;
}

export interface GraphSubject {
  id: GraphSubjectId;
  label: string;
  properties: readonly GraphProperty[];
  /** Related subjects (the data a property of this subject points at). */
  relations: readonly { id: string; subject: string; label: string }[];
  supportedGroupings: readonly Grouping[];
  /** The list screen that shows the rows behind a figure (with the same filters). */
  relatedDataGridUri: string | null;
}

const EQ: readonly Comparison[] = ['eq', 'neq'];
const ALL_CMP: readonly Comparison[] = COMPARISONS;

const p = (id: string, type: PropertyType, area: string): GraphProperty => ({
  id,
  label: `dashboards.properties.${area}.${id}`,
  type,
  filterOptions: type === 'date' || type === 'number' ? ALL_CMP : EQ,
  operations: type === 'number' ? ['count', 'sum'] : ['count'],
  groupable: type !== 'number',
});

export const GRAPH_SUBJECTS: readonly GraphSubject[] = [
  {
    id: 'participant',
    label: 'dashboards.subjects.participant',
    properties: [
      p('status', 'enum', 'participant'),
      p('project', 'reference', 'participant'),
      p('coach', 'reference', 'participant'),
      p('manager', 'reference', 'participant'),
      p('sex', 'enum', 'participant'),
      p('timeRegistered', 'date', 'participant'),
      p('dateEnd', 'date', 'participant'),
      p('age', 'number', 'participant'),
    ],
    relations: [
      { id: 'workPlans', subject: 'work-plan', label: 'dashboards.subjects.work-plan' },
      { id: 'logins', subject: 'login', label: 'dashboards.subjects.login' },
    ],
    supportedGroupings: GROUPINGS,
    relatedDataGridUri: '/dashboards/lijst/participant',
  },
  {
    id: 'work-plan',
    label: 'dashboards.subjects.work-plan',
    properties: [
      p('status', 'enum', 'work-plan'),
      p('coach', 'reference', 'work-plan'),
      p('manager', 'reference', 'work-plan'),
      p('project', 'reference', 'work-plan'),
      p('participantStatus', 'enum', 'work-plan'),
      p('startDate', 'date', 'work-plan'),
      p('expectedEndDate', 'date', 'work-plan'),
      p('timeFinished', 'date', 'work-plan'),
      p('durationDays', 'number', 'work-plan'),
    ],
    relations: [{ id: 'participant', subject: 'participant', label: 'dashboards.subjects.participant' }],
    supportedGroupings: GROUPINGS,
    relatedDataGridUri: '/dashboards/lijst/work-plan',
  },
  {
    id: 'login',
    label: 'dashboards.subjects.login',
    properties: [p('time', 'date', 'login'), p('role', 'enum', 'login'), p('project', 'reference', 'login'), p('userKind', 'enum', 'login')],
    relations: [{ id: 'user', subject: 'user', label: 'dashboards.subjects.user' }],
    supportedGroupings: GROUPINGS,
    relatedDataGridUri: null,
  },
];

export interface GraphType {
  id: GraphTypeId;
  label: string;
  comparisons: readonly Comparison[];
  operations: readonly Operation[];
  modifiers: readonly Grouping[];
  /** Several datasets at once (01 §5: "multi-dataset is not supported for some graph types"). */
  multiDataset: boolean;
}

export const GRAPH_TYPES: readonly GraphType[] = [
  { id: 'bar', label: 'dashboards.types.bar', comparisons: COMPARISONS, operations: OPERATIONS, modifiers: GROUPINGS, multiDataset: true },
  { id: 'pie', label: 'dashboards.types.pie', comparisons: COMPARISONS, operations: OPERATIONS, modifiers: GROUPINGS, multiDataset: false },
  { id: 'table', label: 'dashboards.types.table', comparisons: COMPARISONS, operations: OPERATIONS, modifiers: GROUPINGS, multiDataset: true },
];

export function subjectOf(id: string): GraphSubject | undefined {
  return GRAPH_SUBJECTS.find((s) => s.id === id);
}

export function propertyOf(subject: string, property: string): GraphProperty | undefined {
  return subjectOf(subject)?.properties.find((x) => x.id === property);
}

export function typeOf(id: string): GraphType | undefined {
  return GRAPH_TYPES.find((t) => t.id === id);
}

/** Values of enum properties that are fixed by the product (statuses and roles come from the database). */
export const FIXED_ENUM_VALUES: Record<string, Record<string, readonly string[]>> = {
  participant: { sex: ['male', 'female', 'other', 'unknown'] },
  'work-plan': { status: ['to_start', 'running', 'finished'] },
  login: { userKind: ['staff', 'participant'] },
};

/** The key of a property's options: `<subject>.<property>`. */
export const optionKey = (subject: string, property: string): string => `${subject}.${property}`;

/** One figure of a dataset: the x bucket (and series), its label, and the value. */
export interface DatasetRow {
  /** The bucket key: an id, an enum value, or the first day of a date bucket (yyyy-MM-dd); null = not filled in. */
  x: string | null;
  xLabel: string | null;
  series: string | null;
  seriesLabel: string | null;
  value: number;
}

export interface DatasetAnswer {
  label: string;
  operation: Operation;
  rows: DatasetRow[];
}

/** The answer of POST graph/datasets. */
export interface GraphAnswer {
  dashboardId: number;
  subject: GraphSubjectId;
  type: GraphTypeId;
  grouping: Grouping;
  datasets: DatasetAnswer[];
  /** When the database computed it (ISO): shown as "stand van …" when offline. */
  computedAt: string;
}
