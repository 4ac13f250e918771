import * as v from 'valibot';
import { recordIdSchema } from '../shared/record-id';
import { isCalendarDate } from '../shared/input-guards';
import {
  COMPARISONS,
  GRAPH_SUBJECT_IDS,
  GRAPH_TYPE_IDS,
  GROUPINGS,
  MAX_DATASETS,
  OPERATIONS,
  propertyOf,
  typeOf,
  type Comparison,
  type GraphSubjectId,
  type GraphTypeId,
  type Grouping,
  type Operation,
} from './graph';

/**
 * The valibot schemas of dashboards and widgets (01 §3, §5): the builder form, the worker before
 * queueing, the REST routes and the GraphQL writes parse with these. Messages are i18n keys.
 */
export const DASHBOARD_NAME_MAX = 120;
export const WIDGET_NAME_MAX = 120;
export const DATASET_LABEL_MAX = 60;
export const MAX_FILTERS = 10;
export const MAX_VISIBILITY_IDS = 200;

const E = (key: string) => `dashboards.errors.${key}`;

export const dashboardIdSchema = recordIdSchema(E('invalidId'));
const uuid = v.pipe(v.string(E('invalidId')), v.uuid(E('invalidId')));
const ids = v.pipe(v.array(dashboardIdSchema, E('invalidId')), v.maxLength(MAX_VISIBILITY_IDS, E('tooMany')));

export const DashboardNameSchema = v.pipe(
  v.string(E('nameRequired')),
  v.trim(),
  v.nonEmpty(E('nameRequired')),
  v.maxLength(DASHBOARD_NAME_MAX, E('nameTooLong')),
);

/** A dashboard body (POST/PUT dashboards, saveDashboard): name and visibility (empty = every project / role). */
export const DashboardBodySchema = v.object({
  name: DashboardNameSchema,
  visibleProjectIds: v.optional(ids, []),
  visibleRoleIds: v.optional(ids, []),
});

export const FilterSchema = v.object({
  property: v.pipe(v.string(E('filterIncomplete')), v.nonEmpty(E('filterIncomplete'))),
  comparison: v.picklist(COMPARISONS, E('filterIncomplete')),
  value: v.union(
    [v.pipe(v.number(E('filterIncomplete')), v.finite(E('filterIncomplete'))), v.pipe(v.string(E('filterIncomplete')), v.trim(), v.nonEmpty(E('filterIncomplete')), v.maxLength(100, E('filterIncomplete')))],
    E('filterIncomplete'),
  ),
});
export type GraphFilter = { property: string; comparison: Comparison; value: string | number };

export const DatasetSchema = v.object({
  label: v.optional(v.pipe(v.string(E('labelTooLong')), v.trim(), v.maxLength(DATASET_LABEL_MAX, E('labelTooLong'))), ''),
  operation: v.picklist(OPERATIONS, E('operationRequired')),
  /** The x axis: the property the figures are grouped by. */
  property: v.pipe(v.string(E('axisRequired')), v.nonEmpty(E('axisRequired'))),
  /** How a date x axis is bucketed (ignored for other properties: `none`). */
  grouping: v.optional(v.picklist(GROUPINGS, E('groupingInvalid')), 'none'),
  /** An optional second split (bars per status within each month, say). */
  series: v.nullish(v.pipe(v.string(E('axisRequired')), v.nonEmpty(E('axisRequired')))),
  /** The number summed by `sum`. */
  sumProperty: v.nullish(v.pipe(v.string(E('sumPropertyRequired')), v.nonEmpty(E('sumPropertyRequired')))),
  filters: v.optional(v.pipe(v.array(FilterSchema, E('filterIncomplete')), v.maxLength(MAX_FILTERS, E('tooMany'))), []),
});

export interface Dataset {
  label: string;
  operation: Operation;
  property: string;
  grouping: Grouping;
  series?: string | null;
  sumProperty?: string | null;
  filters: GraphFilter[];
}

export interface Graph {
  subject: GraphSubjectId;
  datasets: Dataset[];
  axes: { x: string; y: string };
}

/**
 * What is wrong with one filter, as a reason key, or null: the property must exist and allow the comparison,
 * a date must be a calendar date PostgreSQL reads (issue 38: "abc" and "2026-13-45" were 500s), a number
 * or reference a finite number.
 */
export function filterProblem(subject: string, f: { property: string; comparison: string; value: string | number }): string | null {
  const fp = propertyOf(subject, f.property);
  if (!fp || !(fp.filterOptions as readonly string[]).includes(f.comparison)) return E('filterIncomplete');
  if (fp.type === 'date' && (typeof f.value !== 'string' || !isCalendarDate(f.value))) return E('filterDate');
  if ((fp.type === 'number' || fp.type === 'reference') && !Number.isFinite(Number(f.value))) return E('filterNumber');
  return null;
}

/** The problems of a graph for a widget type, as [path, reason key]: the same rules on every side. */
export function graphProblems(type: string, graph: { subject: string; datasets: readonly Dataset[] }): [string, string][] {
  const out: [string, string][] = [];
  const graphType = typeOf(type);
  if (!graphType) out.push(['type', E('typeRequired')]);
  if (graph.datasets.length === 0) out.push(['graph.datasets', E('datasetRequired')]);
  if (graphType && !graphType.multiDataset && graph.datasets.length > 1) out.push(['graph.datasets', E('multiDatasetNotSupported')]);
  graph.datasets.forEach((d, i) => {
    const at = `graph.datasets.${i}`;
    const x = propertyOf(graph.subject, d.property);
    if (!x || !x.groupable) out.push([`${at}.property`, E('axisRequired')]);
    if (x && x.type !== 'date' && d.grouping !== 'none') out.push([`${at}.grouping`, E('groupingNeedsDate')]);
    if (d.series) {
      const s = propertyOf(graph.subject, d.series);
      if (!s || !s.groupable || s.type === 'date' || d.series === d.property) out.push([`${at}.series`, E('seriesInvalid')]);
    }
    if (d.operation === 'sum') {
      const s = d.sumProperty ? propertyOf(graph.subject, d.sumProperty) : undefined;
      if (!s || !s.operations.includes('sum')) out.push([`${at}.sumProperty`, E('sumPropertyRequired')]);
    }
    d.filters.forEach((f, j) => {
      const problem = filterProblem(graph.subject, f);
      if (problem) out.push([`${at}.filters.${j}`, problem]);
    });
  });
  return out;
}

export const GraphSchema = v.object({
  subject: v.picklist(GRAPH_SUBJECT_IDS, E('subjectRequired')),
  datasets: v.pipe(v.array(DatasetSchema, E('datasetRequired')), v.minLength(1, E('datasetRequired')), v.maxLength(MAX_DATASETS, E('tooMany'))),
  axes: v.optional(v.object({ x: v.string(E('axisRequired')), y: v.string(E('axisRequired')) }), { x: '', y: '' }),
});

export const WidgetNameSchema = v.pipe(v.string(E('widgetNameRequired')), v.trim(), v.nonEmpty(E('widgetNameRequired')), v.maxLength(WIDGET_NAME_MAX, E('nameTooLong')));

/** The fields of a widget: name, type, graph and place. */
const WIDGET_ENTRIES = {
  name: WidgetNameSchema,
  type: v.picklist(GRAPH_TYPE_IDS, E('typeRequired')),
  graph: GraphSchema,
  sortOrder: v.optional(v.pipe(v.number(E('invalidId')), v.integer(E('invalidId')), v.minValue(0, E('invalidId')), v.maxValue(10_000, E('invalidId')))),
};

/** A widget's fields (after `keys`), with its graph checked against its type (graphProblems at their fields). */
function widgetSchema<K extends v.ObjectEntries>(keys: K) {
  return v.pipe(
    v.object({ ...keys, ...WIDGET_ENTRIES }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value as Record<string, unknown> & { type: GraphTypeId; graph: v.InferOutput<typeof GraphSchema> };
      for (const [path, message] of graphProblems(value.type, value.graph)) addIssue({ message, path: pathItems(value, path) });
    }),
  );
}

/** A widget body (PUT dashboards/{d}/widgets/{w}, saveWidget): name, type and graph, checked together. */
export const WidgetBodySchema = widgetSchema({});

function pathItems(input: Record<string, unknown>, dotted: string): [v.ObjectPathItem] {
  const key = dotted.split('.')[0] ?? dotted;
  return [{ type: 'object', origin: 'value', input, key: dotted, value: input[key] }];
}

/** POST graph/datasets: the dashboard id (01 §5: 'Payload needs to have a dashboard id.'), the type and the graph. */
export const DatasetRequestSchema = v.pipe(
  v.object({
    dashboardId: v.pipe(v.number(E('dashboardIdRequired')), v.integer(E('dashboardIdRequired')), v.minValue(1, E('dashboardIdRequired')), v.maxValue(Number.MAX_SAFE_INTEGER, E('dashboardIdRequired'))),
    type: v.picklist(GRAPH_TYPE_IDS, E('typeRequired')),
    graph: GraphSchema,
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [path, message] of graphProblems(dataset.value.type, dataset.value.graph)) {
      addIssue({ message, path: pathItems(dataset.value, path) });
    }
  }),
);
export type DatasetRequest = v.InferOutput<typeof DatasetRequestSchema>;

/** Whether a body carries an integer dashboard id: checked first, so its message is the spec's. */
export function hasDashboardId(body: unknown): boolean {
  const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).dashboardId : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/** The related list behind a figure: the dataset's filters plus the bucket clicked. */
const RelatedRequestObject = v.object({
  subject: v.picklist(['participant', 'work-plan'] as const, E('subjectRequired')),
  filters: v.optional(v.pipe(v.array(FilterSchema, E('filterIncomplete')), v.maxLength(MAX_FILTERS + 2, E('tooMany'))), []),
  /** A date bucket: property, grouping and its first day. */
  bucket: v.nullish(v.object({ property: v.string(E('axisRequired')), grouping: v.picklist(GROUPINGS, E('groupingInvalid')), start: v.pipe(v.string(E('filterDate')), v.regex(/^\d{4}-\d{2}-\d{2}$/, E('filterDate'))) })),
  /** Keys whose value is "not filled in" (null buckets). */
  empty: v.optional(v.pipe(v.array(v.string(E('axisRequired'))), v.maxLength(2, E('tooMany'))), []),
});
/**
 * The related request with its rules across fields (issue 38): every filter as graphProblems checks it, a
 * bucket only on a date property and from a calendar day, empty keys that exist.
 */
export const RelatedRequestSchema = v.pipe(
  RelatedRequestObject,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const r = dataset.value;
    const at = (key: string): [v.ObjectPathItem] => [{ type: 'object', origin: 'value', input: r, key, value: (r as Record<string, unknown>)[key] }];
    for (const f of r.filters) {
      const problem = filterProblem(r.subject, f);
      if (problem) return addIssue({ message: problem, path: at('filters') });
    }
    if (r.bucket) {
      const prop = propertyOf(r.subject, r.bucket.property);
      if (!prop) return addIssue({ message: E('axisRequired'), path: at('bucket') });
      if (prop.type !== 'date') return addIssue({ message: E('groupingNeedsDate'), path: at('bucket') });
      if (!isCalendarDate(r.bucket.start)) return addIssue({ message: E('filterDate'), path: at('bucket') });
    }
    if (r.empty.some((key) => !propertyOf(r.subject, key))) addIssue({ message: E('axisRequired'), path: at('empty') });
  }),
);
export type RelatedRequest = v.InferOutput<typeof RelatedRequestSchema>;

// ---- declared writes ----

export const SaveDashboardSchema = v.object({
  uuid,
  name: DashboardNameSchema,
  visibleProjectIds: v.optional(ids),
  visibleRoleIds: v.optional(ids),
  sortOrder: v.optional(v.pipe(v.number(E('invalidId')), v.integer(E('invalidId')), v.minValue(0, E('invalidId')), v.maxValue(10_000, E('invalidId')))),
  /** Undo of a delete the server already ran: the dashboard comes back with the widgets it had. */
  restore: v.optional(v.boolean(E('invalid'))),
});
export type SaveDashboardInput = v.InferOutput<typeof SaveDashboardSchema>;

export const DeleteDashboardSchema = v.object({ uuid });

export const SaveWidgetSchema = widgetSchema({ uuid, dashboardUuid: uuid });
export type SaveWidgetInput = v.InferOutput<typeof SaveWidgetSchema>;

export const DeleteWidgetSchema = v.object({ uuid });

/** A widget's place on its dashboard (reorder by drag or keyboard: one write per moved widget). */
export const MoveWidgetSchema = v.object({
  uuid,
  sortOrder: v.pipe(v.number(E('invalidId')), v.integer(E('invalidId')), v.minValue(0, E('invalidId')), v.maxValue(10_000, E('invalidId'))),
});

export type WidgetType = GraphTypeId;
