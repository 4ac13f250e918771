import { ROOT_ELEMENT } from './settings';

/** One source row: flat paths ("adres.postcode") to text values. */
export type SourceRow = Record<string, string | null>;

/** Parses CSV (RFC 4180 quoting; separator ; , or tab, whichever the header line has most of; BOM dropped). */
export function parseCsv(text: string): SourceRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((sep) => [sep, firstLine.split(sep).length] as const);
  const sep = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...rows] = records.filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.map((r) => Object.fromEntries(names.map((name, i) => [name, r[i] === undefined || r[i] === '' ? null : (r[i])])));
}

/** The value at a dotted path (a.b.0.c) of a JSON value, or undefined. */
export function atPath(value: unknown, path: string): unknown {
  if (path === '' || path === ROOT_ELEMENT) return value;
  let node: unknown = value;
  for (const part of path.replace(/^\$\.?/, '').split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Flattens an object to dotted paths of its scalar leaves (arrays of scalars join with ", "). */
export function flatten(value: unknown, prefix = '', out: SourceRow = {}, depth = 0): SourceRow {
  if (value === null || value === undefined) {
    if (prefix) out[prefix] = null;
    return out;
  }
  if (Array.isArray(value)) {
    if (value.every((x) => x === null || typeof x !== 'object')) out[prefix] = value.map(String).join(', ');
    else if (depth < 6) value.forEach((item, i) => flatten(item, prefix ? `${prefix}.${i}` : String(i), out, depth + 1));
    return out;
  }
  if (typeof value === 'object') {
    if (depth >= 6) return out;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) flatten(child, prefix ? `${prefix}.${key}` : key, out, depth + 1);
    return out;
  }
  if (prefix) out[prefix] = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
  return out;
}

/** The first array of objects in a JSON document, breadth first: where its rows most likely are. */
export function findRowsElement(doc: unknown): string | null {
  if (Array.isArray(doc)) return ROOT_ELEMENT;
  const queue: [unknown, string][] = [[doc, '']];
  while (queue.length) {
    const [node, path] = queue.shift() as [unknown, string];
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

/** Reads a fetched document as rows: JSON (rows at the source element) or CSV. */
export function readDocument(body: string, contentType: string, format: 'auto' | 'csv' | 'json', sourceElement: string): ParsedDocument {
  const looksJson = format === 'json' || (format === 'auto' && (/json/i.test(contentType) || /^\s*[[{]/.test(body)));
  if (!looksJson) return { ok: true, format: 'csv', rows: parseCsv(body), doc: null };
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'transfer.errors.notJson' };
  }
  const element = sourceElement === '' ? findRowsElement(doc) : sourceElement;
  if (element === null) return { ok: false, reason: 'transfer.errors.noRows' };
  const rows = atPath(doc, element);
  if (!Array.isArray(rows)) return { ok: false, reason: 'transfer.errors.sourceElementNotFound' };
  return { ok: true, format: 'json', rows: rows.map((r) => flatten(r)), doc };
}
