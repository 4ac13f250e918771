import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { defaultTransferForm } from '../../src/domain/transfer/settings';

/**
 * Issue 38, finding 6: what an attacker sent and got a 500 for. Each now answers 400 with a reason code
 * (or, on the graph, an answer without an unexpected error), and the refused write changed nothing.
 */
let t: DemoApp;
let admin: string;
beforeAll(async () => {
  t = await createDemoApp();
  admin = await t.tokenOf('admin');
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

/** `body` as JSON; "HUGE" (quoted) becomes the bare number 99999999999999999999, as an attacker types it. */
const post = (path: string, body: unknown, method = 'POST') =>
  t.app.request(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify(body).replaceAll('"HUGE"', '99999999999999999999') });

async function refused(res: Response): Promise<{ error?: string; messageKey?: string; reason?: string }> {
  const body = (await res.json()) as { error?: string; messageKey?: string; reason?: string };
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error).not.toBe('server_error');
  expect(body.messageKey ?? body.reason).toMatch(/^[a-z]+(\.[A-Za-z]+)+$/);
  return body;
}

describe('POST /api/graph/related with bad dates', () => {
  it('a date filter "abc" is refused as filterDate', async () => {
    const body = await refused(await post('/api/graph/related', { subject: 'participant', filters: [{ property: 'timeRegistered', comparison: 'gt', value: 'abc' }] }));
    expect(body.messageKey).toBe('dashboards.errors.filterDate');
  });

  it('a bucket start "2026-13-45" is refused as filterDate', async () => {
    const body = await refused(await post('/api/graph/related', { subject: 'participant', bucket: { property: 'timeRegistered', grouping: 'month', start: '2026-13-45' } }));
    expect(body.messageKey).toBe('dashboards.errors.filterDate');
  });

  it('a bucket on a property that is no date is refused as groupingNeedsDate', async () => {
    const body = await refused(await post('/api/graph/related', { subject: 'participant', bucket: { property: 'status', grouping: 'month', start: '2026-01-01' } }));
    expect(body.messageKey).toBe('dashboards.errors.groupingNeedsDate');
  });

  it('a number filter that is no number is refused; a valid request still answers its rows', async () => {
    await refused(await post('/api/graph/related', { subject: 'participant', filters: [{ property: 'age', comparison: 'gt', value: 'x' }] }));
    const ok = await post('/api/graph/related', { subject: 'participant', filters: [{ property: 'timeRegistered', comparison: 'gt', value: '2000-01-01' }], bucket: { property: 'timeRegistered', grouping: 'year', start: '2026-01-01' } });
    expect(ok.status).toBe(200);
  });
});

describe('oversized integers and control characters in transfer settings', () => {
  const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfer_jobs')).rows[0]?.n ?? 0;

  it('PUT /api/transfer/new with notifyRoles [99999999999999999999] is refused and stores nothing', async () => {
    const form = defaultTransferForm('importer');
    const before = await count();
    const body = { ...form, label: 'Aanval', settings: { ...form.settings, url: 'https://gegevens.example.nl/api', mapping: [{ source: 'bsn', target: 'bsn' }], notifyRoles: ['HUGE'] } };
    const res = await post('/api/transfer/new', body, 'PUT');
    const answer = await refused(res);
    expect(answer.messageKey).toBe('reasons.invalidField');
    expect(await count()).toBe(before);
  });

  it('a header value holding \\r\\n is refused by the endpoint scanner before any connection', async () => {
    const res = await post('/api/transfer/endpoint-scanner', { url: 'https://gegevens.example.nl/api', headers: [{ name: 'X-Token', value: 'a\r\nX-Evil: 1' }] });
    const body = await refused(res);
    expect(body.messageKey).toBe('transfer.errors.controlCharacter');
  });

  it('a stored transfer with such a header is refused the same way', async () => {
    const form = defaultTransferForm('importer');
    const before = await count();
    await refused(await post('/api/transfer/new', { ...form, label: 'Kop', settings: { ...form.settings, url: 'https://gegevens.example.nl/api', headers: [{ name: 'X-Token', value: 'a\nb' }] } }, 'PUT'));
    expect(await count()).toBe(before);
  });
});

describe('a user-chosen sort key is looked up in own keys only', () => {
  it('wageValueMeasurements(sort: "constructor" | "__proto__" | "toString") answers as an unknown key does', async () => {
    const q = 'query($s: String) { wageValueMeasurements(sort: $s, perPage: 50) { totalItems records { id } } }';
    const plain = await t.gql<{ wageValueMeasurements: { totalItems: number; records: { id: string }[] } }>('admin', q, { s: 'unknownKey' });
    expect(plain.errors).toBeUndefined();
    expect(plain.data?.wageValueMeasurements.totalItems).toBeGreaterThan(0);
    for (const s of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await t.gql<{ wageValueMeasurements: { records: { id: string }[] } }>('admin', q, { s });
      expect(res.errors, s).toBeUndefined();
      expect(res.data?.wageValueMeasurements.records, s).toEqual(plain.data?.wageValueMeasurements.records);
    }
  });
});
