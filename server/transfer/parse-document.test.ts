import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createAuthTestApp, rest, signIn, type AuthTestApp } from '../test/auth';
import { parseCsvRows, readSourceDocument } from './parse-document';
import { SOURCE_LIMITS } from '../../src/domain/transfer/parse';

/**
 * Issue 38, finding 2: the CSV parser's cost grew with the square of the body (32 KB took 4.4 s on the event
 * loop). Now csv-parse, fed in chunks that yield, with limits; hostile documents of a megabyte are refused with
 * a reason code. Times are printed for the report, never asserted.
 */

const MB = 1024 * 1024;
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const out = await work();
  console.log(`[parse] ${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return out;
};
const refusal = async (text: string) => {
  const doc = await readSourceDocument(text, 'text/csv', 'auto', '');
  return doc.ok ? `parsed ${doc.rows.length} rows` : doc.reason;
};

describe('CSV of a valid source', () => {
  it('reads separators, quotes, BOM, header names, empty cells and mixed line endings as before', async () => {
    expect(await parseCsvRows('\uFEFF BSN ;Naam;Opmerking\r\n123;"de Vries; Jan";"zei ""hoi""\nen ging"\r\n\r\n456;;\n789\rx;y;z;extra\n')).toEqual([
      { BSN: '123', Naam: 'de Vries; Jan', Opmerking: 'zei "hoi"\nen ging' },
      { BSN: '456', Naam: null, Opmerking: null },
      { BSN: '789', Naam: null, Opmerking: null },
      { BSN: 'x', Naam: 'y', Opmerking: 'z' },
    ]);
    expect(await parseCsvRows('a,b\n1,2\n')).toEqual([{ a: '1', b: '2' }]);
    expect(await parseCsvRows('a\tb\n1\t2')).toEqual([{ a: '1', b: '2' }]);
    // a quote inside an unquoted field is text
    expect(await parseCsvRows('a;b\n1;x"y"z\n')).toEqual([{ a: '1', b: 'x"y"z' }]);
    expect(await parseCsvRows('')).toEqual([]);
    expect(await parseCsvRows('alleen;kop\n')).toEqual([]);
  });

  it('a field named __proto__ stays a field; a source element "constructor" finds nothing', async () => {
    const [row] = await parseCsvRows('__proto__;b\nx;y\n');
    expect(Object.keys(row!)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    const json = await readSourceDocument('{"items":[{"__proto__":{"bsn":"1"},"naam":"A"}]}', 'application/json', 'auto', '');
    expect(json).toMatchObject({ ok: true, rows: [{ '__proto__.bsn': '1', naam: 'A' }] });
    expect(await readSourceDocument('{"items":[]}', 'application/json', 'json', 'constructor')).toEqual({ ok: false, reason: 'transfer.errors.sourceElementNotFound' });
  });

  it(`parses ${SOURCE_LIMITS.rows} tiny rows (the most an import takes) whole`, async () => {
    const text = `a;b\n${Array.from({ length: SOURCE_LIMITS.rows }, (_, i) => `${i};x`).join('\n')}\n`;
    const rows = await timed(`${SOURCE_LIMITS.rows} rows, ${(text.length / 1024).toFixed(0)} KB`, () => parseCsvRows(text));
    expect(rows).toHaveLength(SOURCE_LIMITS.rows);
    expect(rows.at(-1)).toEqual({ a: String(SOURCE_LIMITS.rows - 1), b: 'x' });
  });
});

describe('a hostile CSV of a megabyte is refused with a reason code', () => {
  const cases: [string, () => string, string][] = [
    ['one enormous header row', () => `${'kolom;'.repeat(Math.ceil(MB / 6))}\n1;2\n`, 'transfer.errors.rowTooLong'],
    ['many columns', () => { const line = Array.from({ length: 5000 }, (_, i) => `k${i}`).join(';'); return `${line}\n${line}\n`.repeat(Math.ceil(MB / (2 * line.length))); }, 'transfer.errors.tooManyColumns'],
    ['a field of 1 MB', () => `a;b\n1;${'x'.repeat(MB)}\n`, 'transfer.errors.rowTooLong'],
    ['a field of 50,000 characters', () => `a;b\n1;${'x'.repeat(50_000)}\n`, 'transfer.errors.fieldTooLong'],
    ['an unterminated quote running to the end', () => `a;b\n1;"${'x'.repeat(MB)}`, 'transfer.errors.rowTooLong'],
    ['an unterminated quote', () => 'a;b\n1;"open\n2;3\n', 'transfer.errors.notCsv'],
    ['100,000 tiny rows and more', () => `a;b\n${'1;2\n'.repeat(Math.ceil(MB / 4))}`, 'transfer.errors.tooManyRows'],
  ];
  it.each(cases)('%s', async (label, make, reason) => {
    const text = make();
    expect(await timed(`${label} (${(text.length / 1024).toFixed(0)} KB)`, () => refusal(text))).toBe(reason);
  });

  it('JSON nested too deep, or with a row of too many fields, is refused', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(await timed('JSON nested 100,000 deep', () => readSourceDocument(deep, 'application/json', 'auto', ''))).toEqual({ ok: false, reason: 'transfer.errors.tooDeep' });
    // brackets inside strings do not count
    expect(await readSourceDocument(`[{"a":"${'['.repeat(500)}"}]`, 'application/json', 'auto', '')).toMatchObject({ ok: true, rows: [{ a: '['.repeat(500) }] });
    const wide = JSON.stringify([Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))]);
    expect(await readSourceDocument(wide, 'application/json', 'auto', '')).toEqual({ ok: false, reason: 'transfer.errors.tooManyColumns' });
  });
});

describe('the server stays responsive', () => {
  let t: AuthTestApp;
  let admin: string;
  let server: Server;
  let base = '';
  const served: Record<string, string> = {};

  beforeAll(async () => {
    t = await createAuthTestApp({ WERKPAD_TRANSFER_PRIVATE_HOSTS: '127.0.0.1' });
    server = createServer((req, res) => {
      const body = served[(req.url ?? '/').split('?')[0] ?? '/'];
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.db.close();
  });

  it('GET /api/health answers while a 10 MB CSV is being parsed', async () => {
    const row = `123456782;Voornaam;Achternaam;1990-01-01;1234 AB;${'opmerking '.repeat(17)}\n`;
    const text = `BSN;Voornaam;Achternaam;Geboortedatum;Postcode;Notitie\n${row.repeat(Math.floor((10 * MB - 100) / row.length))}`;
    expect(text.length).toBeGreaterThan(9.9 * MB);
    const order: string[] = [];
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const parsing = parseCsvRows(text).then((rows) => {
      order.push('parsed');
      return rows;
    });
    const health = await t.app.request('/api/health');
    order.push('health');
    const rows = await parsing;
    delay.disable();
    console.log(`[parse] 10 MB CSV (${rows.length} rows): ${(performance.now() - started).toFixed(0)} ms; event loop delay max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`);
    expect(health.status).toBe(200);
    expect(order).toEqual(['health', 'parsed']);
    expect(rows).toHaveLength(Math.floor((10 * MB - 100) / row.length));
  });

  it('the endpoint scanner answers a hostile megabyte with the reason, and still reads a good sample', async () => {
    served['/hostile.csv'] = `${'kolom;'.repeat(Math.ceil((MB - 100) / 6))}\n`;
    served['/good.csv'] = 'BSN;Voornaam\n123456782;Anna\n';
    const bad = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `${base}/hostile.csv` } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: 'source_error', messageKey: 'transfer.errors.rowTooLong' });
    const good = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `${base}/good.csv` } });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ format: 'csv', rows: 1, fields: [{ path: 'BSN', sample: '123456782' }, { path: 'Voornaam', sample: 'Anna' }] });
  });
});
