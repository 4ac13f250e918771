import type { Viewer } from '../auth/viewer';
import { join, raw, run, sql, type SqlFragment } from '../db/sql';
import type { Queryable } from '../db/db';
import { bucketSql, propertyOptions, propertySql, SUBJECT_SQL, type Option } from './subjects';
import { optionKey, propertyOf, type DatasetAnswer, type DatasetRow, type GraphAnswer, type GraphSubjectId, type Grouping } from '../../src/domain/dashboards/graph';
import type { Dataset, DatasetRequest, GraphFilter } from '../../src/domain/dashboards/inputs';

/**
 * The figures of a widget: ONE aggregate query per dataset, computed by the database inside the
 * viewer's scope (never by fetching rows). Buckets of dates are Amsterdam calendar days, ISO weeks
 * (date_trunc('week') starts on Monday), months and years.
 */

const OPS: Record<GraphFilter['comparison'], string> = { eq: '=', gt: '>', lt: '<', neq: '<>' };

/** One filter as SQL: dates compare their Amsterdam day; `neq` keeps rows without a value (IS DISTINCT FROM). */
export function filterSql(subject: GraphSubjectId, f: GraphFilter): SqlFragment {
  const prop = propertySql(subject, f.property);
  const meta = propertyOf(subject, f.property);
  if (!prop || !meta) throw new Error(`unknown property ${subject}.${f.property}`);
  if (meta.type === 'date') {
    const day = prop.day ?? prop.expr;
    return f.comparison === 'neq' ? sql`${day} IS DISTINCT FROM ${String(f.value)}::date` : sql`${day} ${raw(OPS[f.comparison])} ${String(f.value)}::date`;
  }
  const value = prop.numeric ? sql`${Number(f.value)}::numeric` : sql`${String(f.value)}::text`;
  const left = prop.numeric ? sql`(${prop.expr})::numeric` : sql`(${prop.expr})::text`;
  return f.comparison === 'neq' ? sql`${left} IS DISTINCT FROM ${value}` : sql`${left} ${raw(OPS[f.comparison])} ${value}`;
}

/** The x or series key of a property: text of the value, or the first day of the date bucket. */
function keySql(subject: GraphSubjectId, property: string, grouping: Grouping): SqlFragment {
  const prop = propertySql(subject, property);
  const meta = propertyOf(subject, property);
  if (!prop || !meta) throw new Error(`unknown property ${subject}.${property}`);
  if (meta.type === 'date') return sql`to_char(${bucketSql(prop, grouping)}, 'YYYY-MM-DD')`;
  return sql`(${prop.expr})::text`;
}

/** The aggregate query of one dataset (exported for the bench and the tests' EXPLAIN). */
export function datasetSql(viewer: Viewer, subject: GraphSubjectId, d: Dataset): SqlFragment {
  const s = SUBJECT_SQL[subject];
  const used = [d.property, d.series, d.sumProperty, ...d.filters.map((f) => f.property)];
  const from = s.lean && !used.some((u) => u && s.lean!.needs.includes(u)) ? s.lean.from : s.from;
  const x = keySql(subject, d.property, d.grouping);
  const series = d.series ? keySql(subject, d.series, 'none') : raw('NULL::text');
  const sumProp = d.operation === 'sum' && d.sumProperty ? propertySql(subject, d.sumProperty) : undefined;
  const value = sumProp ? sql`coalesce(sum(${sumProp.expr}), 0)::float8` : raw('count(*)::float8');
  const where = [s.where(viewer), ...d.filters.map((f) => filterSql(subject, f))];
  return sql`SELECT ${x} AS x, ${series} AS s, ${value} AS v FROM ${from} WHERE ${join(where, ' AND ')}
             GROUP BY 1, 2 ORDER BY 1 NULLS LAST, 2 NULLS LAST`;
}

function labelOf(options: Record<string, Option[]>, subject: GraphSubjectId, property: string | null | undefined, value: string | null): string | null {
  if (value === null || !property) return null;
  const list = options[optionKey(subject, property)];
  const meta = propertyOf(subject, property);
  // fixed enums and dates are labelled by the screen (its language, its date format)
  if (!list || !meta || meta.type === 'date' || (meta.type === 'enum' && list.every((o) => o.label === o.value))) return null;
  return list.find((o) => o.value === value)?.label ?? null;
}

/** Computes every dataset of a graph for the viewer: one aggregate query each. */
export async function computeGraph(db: Queryable, viewer: Viewer, request: DatasetRequest, now = new Date()): Promise<GraphAnswer> {
  const subject = request.graph.subject;
  const axes = (request.graph.datasets as Dataset[]).flatMap((d) => [d.property, d.series]).filter((p): p is string => typeof p === 'string');
  const options = await propertyOptions(db, viewer, [...new Set(axes.map((p) => optionKey(subject, p)))]);
  const datasets: DatasetAnswer[] = [];
  for (const d of request.graph.datasets as Dataset[]) {
    const { rows } = await run<{ x: string | null; s: string | null; v: number }>(db, datasetSql(viewer, subject, d));
    const out: DatasetRow[] = rows.map((r) => ({
      x: r.x,
      xLabel: labelOf(options, subject, d.property, r.x),
      series: r.s,
      seriesLabel: labelOf(options, subject, d.series, r.s),
      value: Number(r.v),
    }));
    datasets.push({ label: d.label, operation: d.operation, rows: out });
  }
  return {
    dashboardId: request.dashboardId,
    subject,
    type: request.type,
    grouping: request.graph.datasets[0]?.grouping ?? 'none',
    datasets,
    computedAt: now.toISOString(),
  };
}
