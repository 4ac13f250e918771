import { ROOT_ELEMENT } from './settings';

/** One source row: flat paths ("adres.postcode") to text values. */
export type SourceRow = Record<string, string | null>;

/**
 * Limits of a source document (issue 38): a CSV or JSON answer past them is refused with the reason, never
 * parsed at length. The parser itself is server-side (server/transfer/parse-document.ts, csv-parse, in chunks
 * that yield to the event loop); these are the numbers and the linear pre-checks it shares.
 */
export const SOURCE_LIMITS = {
  /** Columns of a CSV header (and fields of one flattened JSON row). */
  columns: 500,
  /** Characters of one CSV field. */
  fieldChars: 10_000,
  /** Characters of one CSV record (all its fields together): a header of a megabyte is refused here. */
  recordChars: 100_000,
  /** Rows of one document (the import's own total limit is the same). */
  rows: 50_000,
  /** Nesting of a JSON document. */
  jsonDepth: 64,
  /** Characters of one document (an import page; the scanner reads less). */
  documentChars: 10 * 1024 * 1024,
} as const;

/** The CSV separator: ; , or tab, whichever the header line has most of (the header line is read up to the record limit). */
export function detectDelimiter(body: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  const end = Math.min(body.length, SOURCE_LIMITS.recordChars);
  for (let i = 0; i < end; i += 1) {
    const ch = body[i];
    if (ch === '\n' || ch === '\r') break;
    if (ch === ';' || ch === ',' || ch === '\t') counts[ch] += 1;
  }
  return counts[','] > counts[';'] && counts[','] >= counts['\t'] ? ',' : counts['\t'] > counts[';'] ? '\t' : ';';
}

/** Whether a JSON text nests deeper than `max` (one pass over the text, strings skipped), checked before JSON.parse. */
export function jsonTooDeep(text: string, max: number = SOURCE_LIMITS.jsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i += 1; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      depth += 1;
      if (depth > max) return true;
    } else if (ch === 93 || ch === 125) depth -= 1;
  }
  return false;
}

/** Source rows from CSV records: the first is the header (names trimmed); empty and missing cells are null. */
export function rowsFromRecords(records: readonly string[][]): SourceRow[] {
  const [header, ...rows] = records;
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.map((r) => Object.fromEntries(names.map((name, i) => [name, r[i] === undefined || r[i] === '' ? null : r[i]])));
}

/** The value at a dotted path (a.b.0.c) of a JSON value, or undefined. */
export function atPath(value: unknown, path: string): unknown {
  if (path === '' || path === ROOT_ELEMENT) return value;
  let node: unknown = value;
  for (const part of path.replace(/^\$\.?/, '').split('.')) {
    // Own keys only: a path of "constructor" or "__proto__" finds nothing, not the prototype's members.
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Flattens an object to dotted paths of its scalar leaves (arrays of scalars join with ", "). */
export function flatten(value: unknown, prefix = '', out: SourceRow = {}, depth = 0): SourceRow {
  if (value === null || value === undefined) {
    if (prefix) setOwn(out, prefix, null);
    return out;
  }
  if (Array.isArray(value)) {
    if (value.every((x) => x === null || typeof x !== 'object')) setOwn(out, prefix, value.map(String).join(', '));
    else if (depth < 6) value.forEach((item, i) => flatten(item, prefix ? `${prefix}.${i}` : String(i), out, depth + 1));
    return out;
  }
  if (typeof value === 'object') {
    if (depth >= 6) return out;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) flatten(child, prefix ? `${prefix}.${key}` : key, out, depth + 1);
    return out;
  }
  if (prefix) setOwn(out, prefix, typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null);
  return out;
}

/** A field named "__proto__" by the source stays a field (an assignment would set the row's prototype). */
function setOwn(row: SourceRow, key: string, value: string | null): void {
  Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The first array of objects in a JSON document, breadth first: where its rows most likely are. */
export function findRowsElement(doc: unknown): string | null {
  if (Array.isArray(doc)) return ROOT_ELEMENT;
  const queue: [unknown, string][] = [[doc, '']];
  // An index, not shift(): a document of many objects is walked in linear time.
  for (let head = 0; head < queue.length; head += 1) {
    const [node, path] = queue[head] as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      const p = path ? `${path}.${key}` : key;
      if (Array.isArray(child) && child.some((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) return p;
      if (child !== null && typeof child === 'object' && !Array.isArray(child)) queue.push([child, p]);
    }
  }
  return null;
}

export type ParsedDocument = { ok: true; format: 'csv' | 'json'; rows: SourceRow[]; doc: unknown } | { ok: false; reason: string };
