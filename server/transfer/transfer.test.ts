import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthTestApp, rest, signIn, TEST_SECRET_KEY, type AuthTestApp } from '../test/auth';
import { openDb, type Db } from '../db/db';
import { defaultTransferForm, type TransferForm, type TransferKind } from '../../src/domain/transfer/settings';
import { transferScheduler } from './routes';
import { TransferScheduler } from './scheduler';
import { secretBoxOf } from '../auth/secret-box';

/**
 * Issue 24: imports and exports that really run. A local HTTP endpoint (started here) serves CSV and
 * JSON; the import creates participants, a second run updates them without duplicates, a bad BSN is
 * refused and listed in the run log; two schedulers on one database run a due import once.
 */

/** A BSN passing the eleven test, from eight digits. */
function bsn(seed: number): string {
  for (let n = seed; ; n += 1) {
    const digits = String(n).padStart(8, '0').slice(0, 8).split('').map(Number);
    const sum = digits.reduce((acc, d, i) => acc + d * (9 - i), 0);
    const check = sum % 11;
    if (check < 10) return `${digits.join('')}${check}`;
  }
}
const [B1, B2, B3, B4] = [bsn(12345670), bsn(22334450), bsn(33445560), bsn(44556670)];

let t: AuthTestApp;
let admin: string;
let coach: string;
let admin2: string;
let server: Server;
let base = '';
const served: Record<string, { type: string; body: string }> = {};
const hits: Record<string, number> = {};
const received: { path: string; type: string; body: string }[] = [];

beforeAll(async () => {
  t = await createAuthTestApp({ WERKPAD_TRANSFER_PRIVATE_HOSTS: '127.0.0.1' });
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path, type: String(req.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      return;
    }
    const doc = served[path];
    if (!doc) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': doc.type }).end(doc.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [admin, coach, admin2] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'coach'), signIn(t.app, 'admin2')]);
});

afterAll(async () => {
  await transferScheduler(t.db, t.config).stop();
  await new Promise((r) => server.close(r));
  await t.db.close();
});

function form(kind: TransferKind, patch: Partial<TransferForm['settings']>, label = 'Gemeente import'): TransferForm {
  const f = defaultTransferForm(kind);
  return { label, settings: { ...f.settings, ...patch } };
}

const csvMapping = [
  { source: 'BSN', target: 'bsn' as const },
  { source: 'Voornaam', target: 'firstname' as const },
  { source: 'Achternaam', target: 'lastname' as const },
  { source: 'Geboortedatum', target: 'birthdate' as const },
  { source: 'Postcode', target: 'zipcode' as const },
];

async function save(id: string, body: unknown, token = admin): Promise<Response> {
  return rest(t.app, `/api/transfer/${id}`, { method: 'PUT', token, json: body });
}

async function runNowAndWait(id: string) {
  const res = await rest(t.app, `/api/transfer/${id}/run`, { method: 'POST', token: admin, json: {} });
  expect(res.status).toBe(202);
  await transferScheduler(t.db, t.config).tick();
  const runs = (await (await rest(t.app, `/api/transfer/${id}/runs?per_page=1`, { token: admin })).json()) as {
    items: { state: string; rowsRead: number; created: number; updated: number; skipped: number; refused: number; refusals: { row: number; key: string; reason: string }[]; error: string | null }[];
  };
  return runs.items[0]!;
}

const countByBsn = async (value: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM participants WHERE bsn = $1 AND deleted_at IS NULL', [value])).rows[0]!.n;

describe('transfer/{id} REST', () => {
  it('refuses what the settings screen refuses, with the reason and the field', async () => {
    const cases: [unknown, string, string][] = [
      [form('importer', { url: 'niet-een-adres', mapping: csvMapping }), 'transfer.errors.urlInvalid', 'settings.url'],
      [form('importer', { url: `${base}/x`, sourceElement: '', mapping: csvMapping }), 'transfer.errors.sourceElementRequired', 'settings.sourceElement'],
      [form('importer', { url: `${base}/x`, useKeys: true, mapping: csvMapping }), 'transfer.errors.privateKeyRequired', 'settings.privateKey'],
      [form('importer', { url: `${base}/x`, mapping: [] }), 'transfer.errors.keyNotMapped', 'settings.mapping'],
      [{ label: '', settings: form('importer', { url: `${base}/x`, mapping: csvMapping }).settings }, 'validation.required', 'label'],
    ];
    for (const [body, reason, path] of cases) {
      const res = await save('new', body);
      expect(res.status, reason).toBe(400);
      expect(await res.json()).toMatchObject({ messageKey: reason, path });
    }
    expect((await t.db.query('SELECT 1 FROM transfer_settings')).rows).toHaveLength(0);
  });

  it('saves, answers without secrets, keeps a stored secret when the field comes empty, and encrypts it', async () => {
    const body = form('importer', {
      url: `${base}/people.csv`,
      mapping: csvMapping,
      oauth: { enabled: true, tokenUrl: `${base}/token`, clientId: 'werkpad', clientSecret: 'zeer-geheim-123', clientSecretStored: false, scope: '' },
    });
    const created = await save('new', body);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const got = (await (await rest(t.app, `/api/transfer/${id}`, { token: admin })).json()) as TransferForm & { kind: string };
    expect(got.kind).toBe('importer');
    expect(got.settings.oauth).toMatchObject({ clientSecret: '', clientSecretStored: true, clientId: 'werkpad' });
    const stored = (await t.db.query<{ secrets: string; settings: unknown }>('SELECT secrets_encrypted AS secrets, settings FROM transfer_settings WHERE id = $1', [id])).rows[0]!;
    expect(JSON.stringify(stored)).not.toContain('zeer-geheim-123');
    expect(secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]).decrypt(stored.secrets)).toContain('zeer-geheim-123');

    // saving again with the secret field empty keeps it
    const again = await save(id, { ...got, label: 'Hernoemd' });
    expect(again.status).toBe(200);
    const after = (await t.db.query<{ secrets: string; label: string }>('SELECT secrets_encrypted AS secrets, label FROM transfer_settings WHERE id = $1', [id])).rows[0]!;
    expect(after.label).toBe('Hernoemd');
    expect(secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]).decrypt(after.secrets)).toContain('zeer-geheim-123');

    // who may not: a coach (403), another company's administrator (404), no session (401)
    expect((await rest(t.app, `/api/transfer/${id}`, { token: coach })).status).toBe(403);
    expect((await save(id, got, coach)).status).toBe(403);
    expect((await rest(t.app, `/api/transfer/${id}`, { token: admin2 })).status).toBe(404);
    expect((await save(id, got, admin2)).status).toBe(404);
    expect((await rest(t.app, `/api/transfer/${id}`)).status).toBe(401);
    await rest(t.app, `/api/transfer/${id}`, { method: 'DELETE', token: admin });
    expect((await rest(t.app, `/api/transfer/${id}`, { token: admin })).status).toBe(404);
  });
});

describe('endpoint scanner', () => {
  it('proposes a mapping from JSON keys (nested paths) and from a CSV header', async () => {
    served['/nested.json'] = {
      type: 'application/json',
      body: JSON.stringify({ meta: { count: 1 }, data: { clients: [{ persoon: { bsn: B1, voornaam: 'Anna', achternaam: 'Jansen' }, adres: { postcode: '1234 AB' } }] } }),
    };
    const res = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `${base}/nested.json` } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { format: string; sourceElement: string; fields: { path: string; sample: string }[]; mapping: { source: string; target: string }[] };
    expect(answer.format).toBe('json');
    expect(answer.sourceElement).toBe('data.clients');
    expect(answer.fields).toContainEqual({ path: 'persoon.bsn', sample: B1 });
    expect(answer.mapping).toEqual(
      expect.arrayContaining([
        { source: 'persoon.bsn', target: 'bsn' },
        { source: 'persoon.voornaam', target: 'firstname' },
        { source: 'persoon.achternaam', target: 'lastname' },
        { source: 'adres.postcode', target: 'zipcode' },
      ]),
    );

    served['/people.csv'] = { type: 'text/csv', body: `BSN;Voornaam;Achternaam;Geboortedatum;Postcode\r\n${B1};Anna;Jansen;1990-04-01;1234 AB\r\n` };
    const csv = (await (await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: `${base}/people.csv` } })).json()) as typeof answer;
    expect(csv.format).toBe('csv');
    expect(csv.mapping).toEqual([
      { source: 'BSN', target: 'bsn' },
      { source: 'Voornaam', target: 'firstname' },
      { source: 'Achternaam', target: 'lastname' },
      { source: 'Geboortedatum', target: 'birthdate' },
      { source: 'Postcode', target: 'zipcode' },
    ]);
  });

  it('refuses private-network addresses without connecting, and callers without the right', async () => {
    for (const url of ['http://10.0.0.1/export', 'http://169.254.169.254/latest/meta-data', 'http://localhost:1/x', 'http://[::1]/x', 'http://192.168.1.10/x']) {
      const res = await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url } });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { messageKey: string }).messageKey, url).toBe('transfer.errors.privateAddress');
    }
    expect((await rest(t.app, '/api/transfer/endpoint-scanner', { token: admin, json: { url: 'ftp://example.org/x' } })).status).toBe(400);
    expect((await rest(t.app, '/api/transfer/endpoint-scanner', { token: coach, json: { url: `${base}/people.csv` } })).status).toBe(403);
  });
});

describe('import runs', () => {
  it('CSV: the first run creates, a second run with changed rows updates without duplicates, a bad BSN is refused and logged', async () => {
    served['/run.csv'] = {
      type: 'text/csv',
      body: [
        'BSN;Voornaam;Achternaam;Geboortedatum;Postcode',
        `${B1};Anna;Jansen;1990-04-01;1234 AB`,
        `${B2};Bram;de Vries;02-03-1985;`,
        '123456789;Fout;Nummer;;',
        `${B3};Cees;Bakker;;9999 ZZ`,
      ].join('\r\n'),
    };
    const res = await save('new', form('importer', { url: `${base}/run.csv`, mapping: csvMapping, notifyRoles: [7] }));
    const { id } = (await res.json()) as { id: string };
    const first = await runNowAndWait(id);
    expect(first).toMatchObject({ state: 'succeeded', rowsRead: 4, created: 3, updated: 0, refused: 1, error: null });
    expect(first.refusals).toEqual([{ row: 3, key: '123456789', reason: 'reasons.bsnInvalid', field: 'bsn' }]);
    const anna = (await t.db.query<{ firstname: string; birthdate: string; zipcode: string }>('SELECT firstname, birthdate, zipcode FROM participants WHERE bsn = $1', [B1])).rows[0]!;
    expect(anna).toEqual({ firstname: 'Anna', birthdate: '1990-04-01', zipcode: '1234AB' });

    served['/run.csv'] = {
      type: 'text/csv',
      body: ['BSN;Voornaam;Achternaam;Geboortedatum;Postcode', `${B1};Annemiek;Jansen;1990-04-01;1234 AB`, `${B2};Bram;de Vries;02-03-1985;`, `${B4};Dirk;Smit;;`].join('\n'),
    };
    const second = await runNowAndWait(id);
    expect(second).toMatchObject({ state: 'succeeded', rowsRead: 3, created: 1, updated: 1, skipped: 1, refused: 0 });
    for (const b of [B1, B2, B3, B4]) expect(await countByBsn(b), b).toBe(1);
    expect((await t.db.query<{ firstname: string }>('SELECT firstname FROM participants WHERE bsn = $1', [B1])).rows[0]!.firstname).toBe('Annemiek');

    // the notified role (administrators) got a message about each run
    const { rows: messages } = await t.db.query<{ subject: string }>('SELECT subject FROM messages WHERE recipient_user_id = $1 ORDER BY id', [t.fx.users.admin]);
    expect(messages.map((m) => m.subject)).toEqual(["Koppeling 'Gemeente import' is uitgevoerd", "Koppeling 'Gemeente import' is uitgevoerd"]);

    // the run log, newest first, paginated
    const log = (await (await rest(t.app, `/api/transfer/${id}/runs?page=2&per_page=1`, { token: admin })).json()) as { total: number; items: { created: number }[] };
    expect(log.total).toBe(2);
    expect(log.items.map((r) => r.created)).toEqual([3]);
  });

  it('JSON at a nested source element; update-only leaves unknown keys alone; a hidden participant comes back only when asked', async () => {
    await t.db.query('UPDATE participants SET display = 2 WHERE bsn = $1', [B3]);
    served['/clients.json'] = {
      type: 'application/json',
      body: JSON.stringify({ data: { clients: [
        { persoon: { bsn: B3, voornaam: 'Cornelis', achternaam: 'Bakker' } },
        { persoon: { bsn: bsn(55667780), voornaam: 'Nieuw', achternaam: 'Mens' } },
      ] } }),
    };
    const mapping = [{ source: 'persoon.bsn', target: 'bsn' as const }, { source: 'persoon.voornaam', target: 'firstname' as const }, { source: 'persoon.achternaam', target: 'lastname' as const }];
    const res = await save('new', form('flexibleImporter', { url: `${base}/clients.json`, sourceElement: 'data.clients', mapping, behaviour: 'updateOnly', reactivateHidden: true }, 'Zaaksysteem'));
    const { id } = (await res.json()) as { id: string };
    const run = await runNowAndWait(id);
    expect(run).toMatchObject({ state: 'succeeded', rowsRead: 2, created: 0, updated: 1, skipped: 1 });
    expect(await countByBsn(bsn(55667780))).toBe(0);
    expect((await t.db.query<{ firstname: string; display: number }>('SELECT firstname, display FROM participants WHERE bsn = $1', [B3])).rows[0]).toEqual({ firstname: 'Cornelis', display: 1 });
  });

  it('a source that cannot be read fails the run with the reason and writes nothing', async () => {
    const res = await save('new', form('importer', { url: `${base}/missing.csv`, mapping: csvMapping }, 'Weg'));
    const { id } = (await res.json()) as { id: string };
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM participants')).rows[0]!.n;
    expect(await runNowAndWait(id)).toMatchObject({ state: 'failed', error: 'transfer.errors.httpStatus', created: 0 });
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM participants')).rows[0]!.n).toBe(before);
  });

  it('export: posts the participants as CSV with formula-unsafe text neutralised', async () => {
    await t.db.query("UPDATE participants SET lastname = '=HYPERLINK(\"x\")' WHERE bsn = $1", [B4]);
    const res = await save('new', form('exporter', { url: `${base}/inbox`, exportFormat: 'csv', sourceElement: '' }, 'Naar salaris'));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const run = await runNowAndWait(id);
    expect(run).toMatchObject({ state: 'succeeded', error: null });
    const sent = received.find((r) => r.path === '/inbox')!;
    expect(sent.type).toContain('text/csv');
    expect(sent.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(sent.body).toContain(B1);
  });
});

describe('scheduler', () => {
  it('two schedulers on one database run a due import once, not twice', async () => {
    served['/nightly.csv'] = { type: 'text/csv', body: `BSN;Voornaam;Achternaam\r\n${bsn(66778890)};Eva;Nacht\r\n` };
    const res = await save('new', form('importer', { url: `${base}/nightly.csv`, mapping: csvMapping.slice(0, 3), schedule: 'daily' }, 'Nachtelijk'));
    const { id } = (await res.json()) as { id: string };
    // saved yesterday: today's 02:00 slot is due
    await t.db.query("UPDATE transfer_settings SET schedule_since = now() - interval '2 days' WHERE id = $1", [id]);
    let second: Db = t.db;
    if (t.db.kind === 'postgres') {
      // a second pool on the same database, as a second server process has
      const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.WERKPAD_TEST_PG_URL!);
      url.pathname = `/${rows[0]!.name}`;
      second = openDb({ databaseUrl: url.toString() });
    }
    const deps = (db: Db) => ({ db, box: secretBoxOf([Buffer.from(TEST_SECRET_KEY, 'base64')]), policy: { privateHosts: ['127.0.0.1'], timeoutMs: 5000, maxBytes: 1_000_000 } });
    const a = new TransferScheduler(deps(t.db));
    const b = new TransferScheduler(deps(second));
    try {
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
    } finally {
      if (second !== t.db) await second.close();
    }
    const { rows: jobs } = await t.db.query<{ state: string; locked_by: string }>('SELECT state, locked_by FROM transfer_jobs WHERE transfer_id = $1', [id]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('done');
    expect((await t.db.query('SELECT 1 FROM transfer_runs WHERE transfer_id = $1', [id])).rows).toHaveLength(1);
    expect(hits['/nightly.csv']).toBe(1);
    expect(await countByBsn(bsn(66778890))).toBe(1);
  });
});
