import type { TFunction } from 'i18next';
import { propertyOf, type GraphAnswer } from '../../domain/dashboards/graph';
import type { Dataset, GraphFilter, RelatedRequest } from '../../domain/dashboards/inputs';

/**
 * A dataset answer shaped for the charts and the data table: rows (x buckets) × columns (series or
 * datasets), each cell remembering what it stands for, so a click opens the rows behind it.
 */
export interface Cell {
  value: number;
  /** The related list's request for this figure (null when the subject has no list). */
  related: RelatedRequest | null;
}
export interface Matrix {
  rows: { key: string; label: string }[];
  columns: { key: string; label: string }[];
  cells: Record<string, Record<string, Cell>>;
  total: number;
}

const nf = (lng: string) => new Intl.NumberFormat(lng.startsWith('en') ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 2 });
export const formatNumber = (lng: string, n: number) => nf(lng).format(n);

/** ISO week number and ISO year of a yyyy-MM-dd date. */
export function isoWeek(day: string): { week: number; year: number } {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - dow + 3); // Thursday of the week
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return { week, year };
}

/** A date bucket in the reader's language: 26-11-2026, week 48 2026, nov. 2026, 2026. */
export function bucketLabel(t: TFunction, lng: string, grouping: string, day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const locale = lng.startsWith('en') ? 'en-GB' : 'nl-NL';
  if (grouping === 'week') return t('dashboards.values.week', isoWeek(day));
  if (grouping === 'month') return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
  if (grouping === 'year') return day.slice(0, 4);
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** "26-11 09:38" in Amsterdam time: when the figures were computed. */
export function asOfLabel(iso: string): string {
  const parts = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/Amsterdam' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}-${get('month')} ${get('hour')}:${get('minute')}`;
}

/** The label of a value of a property (x or series). */
export function valueLabel(t: TFunction, lng: string, subject: string, property: string, grouping: string, key: string | null, given: string | null): string {
  if (key === null) return t('dashboards.values.empty');
  if (given) return given;
  const meta = propertyOf(subject, property);
  if (meta?.type === 'date') return bucketLabel(t, lng, grouping, key);
  if (meta?.type === 'enum') {
    const group = property === 'participantStatus' ? 'status' : property;
    const k = `dashboards.values.${group}.${key}`;
    const text = t(k as never);
    if (text !== k) return text;
  }
  return meta?.type === 'reference' ? `#${key}` : key;
}

function relatedFor(subject: string, d: Dataset, x: string | null, series: string | null): RelatedRequest | null {
  if (subject !== 'participant' && subject !== 'work-plan') return null;
  const filters: GraphFilter[] = [...d.filters];
  const empty: string[] = [];
  const meta = propertyOf(subject, d.property);
  let bucket: RelatedRequest['bucket'] = null;
  if (x === null) empty.push(d.property);
  else if (meta?.type === 'date') bucket = { property: d.property, grouping: d.grouping, start: x };
  else filters.push({ property: d.property, comparison: 'eq', value: meta?.type === 'enum' && !/^\d+$/.test(x) ? x : Number(x) });
  if (d.series) {
    if (series === null) empty.push(d.series);
    else filters.push({ property: d.series, comparison: 'eq', value: /^\d+$/.test(series) ? Number(series) : series });
  }
  return { subject, filters, bucket, empty };
}

/**
 * Rows × columns of an answer. Bars and tables: x buckets × (series, or datasets when there are
 * several). Pie (one dataset): one row per series when split, else per x bucket.
 */
export function toMatrix(t: TFunction, lng: string, type: string, subject: string, datasets: readonly Dataset[], answer: GraphAnswer): Matrix {
  const rows: Matrix['rows'] = [];
  const columns: Matrix['columns'] = [];
  const cells: Matrix['cells'] = {};
  const seenRow = new Set<string>();
  const seenCol = new Set<string>();
  let total = 0;
  const addRow = (key: string, label: string) => {
    if (!seenRow.has(key)) {
      seenRow.add(key);
      rows.push({ key, label });
    }
  };
  const addCol = (key: string, label: string) => {
    if (!seenCol.has(key)) {
      seenCol.add(key);
      columns.push({ key, label });
    }
  };
  const put = (row: string, col: string, value: number, related: RelatedRequest | null) => {
    const r = (cells[row] ??= {});
    const prev = r[col];
    // a pie slice that sums several x buckets of one series keeps the series' list (the same for each)
    r[col] = { value: (prev?.value ?? 0) + value, related: prev ? prev.related : related };
    total += value;
  };
  answer.datasets.forEach((a, i) => {
    const d = datasets[i];
    if (!d) return;
    const dsLabel = a.label || t(`dashboards.operations.${a.operation}`);
    for (const r of a.rows) {
      const xKey = r.x ?? '∅';
      const xLabel = valueLabel(t, lng, subject, d.property, d.grouping, r.x, r.xLabel);
      const sKey = r.series ?? '∅';
      const sLabel = d.series ? valueLabel(t, lng, subject, d.series, 'none', r.series, r.seriesLabel) : null;
      if (type === 'pie') {
        // one dataset: slices per series (summed over x) when split, else per x
        if (d.series) {
          addRow(sKey, sLabel ?? '');
          addCol('value', dsLabel);
          put(sKey, 'value', r.value, relatedFor(subject, { ...d, property: d.series, series: null, grouping: 'none' }, r.series, null));
        } else {
          addRow(xKey, xLabel);
          addCol('value', dsLabel);
          put(xKey, 'value', r.value, relatedFor(subject, d, r.x, null));
        }
        continue;
      }
      addRow(xKey, xLabel);
      const colKey = d.series ? (answer.datasets.length > 1 ? `${i}:${sKey}` : sKey) : `${i}`;
      const colLabel = d.series ? (answer.datasets.length > 1 ? `${dsLabel} – ${sLabel ?? ''}` : (sLabel ?? '')) : dsLabel;
      addCol(colKey, colLabel);
      put(xKey, colKey, r.value, relatedFor(subject, d, r.x, r.series));
    }
  });
  return { rows, columns, cells, total };
}

/** The text alternative of a chart (WCAG 1.1.1): how many values, the total, the highest. */
export function summaryOf(t: TFunction, lng: string, name: string, m: Matrix): string {
  if (m.rows.length === 0) return t('dashboards.page.summaryEmpty', { name });
  let top = { label: '', value: -Infinity };
  for (const r of m.rows) {
    const sum = m.columns.reduce((n, c) => n + (m.cells[r.key]?.[c.key]?.value ?? 0), 0);
    if (sum > top.value) top = { label: r.label, value: sum };
  }
  return t('dashboards.page.summary', { name, count: m.rows.length, total: formatNumber(lng, m.total), top: top.label, topValue: formatNumber(lng, top.value) });
}

/** Chart colours: each has at least 3:1 contrast against the light (#ffffff) and the dark (#161b22) surface. */
export const CHART_COLOURS = ['#0072b2', '#d55e00', '#008560', '#8e6bd8', '#b8558a', '#8a6d00', '#5a7a94', '#c0392b'];

/** A colour per column (bars) or row (pie slices). */
export const colourOf = (i: number): string => CHART_COLOURS[i % CHART_COLOURS.length] ?? '#0072b2';
