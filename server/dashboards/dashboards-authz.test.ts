import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';

/**
 * Issue 38, finding 1: the dashboards' widget routes as an attacker of another organisation sends them.
 * What is checked is what organisation 1 would notice: its widgets after the request (in the database) and
 * the audit rows of a change, written under the dashboard's own organisation.
 */
let t: DemoApp;
let org1 = 0;
let org2 = 0;
let caseload = 0; // organisation 1's 'Mijn caseload' (visible for managers and coaches)
const tokens = new Map<string, string>();

async function call(user: string, method: string, path: string, body?: unknown): Promise<Response> {
  if (!tokens.has(user)) tokens.set(user, await t.tokenOf(user));
  const headers: Record<string, string> = { authorization: `Bearer ${tokens.get(user)}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}
const q = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await t.db.query<T>(text, values)).rows;
/** Organisation 1's live widgets of a dashboard: id, name, order, revision (what a refused request must leave alone). */
const widgetsOf = (dashboardId: number) =>
  q<{ id: number; name: string; sort_order: number; revision: number }>('SELECT id, name, sort_order, revision FROM widgets WHERE dashboard_id = $1 AND deleted_at IS NULL ORDER BY id', [dashboardId]);
const auditOf = (dashboardId: number) =>
  q<{ company_id: number; action: string; details: Record<string, unknown> }>("SELECT company_id, action, details FROM audit_log WHERE subject_type = 'dashboard' AND subject_id = $1 ORDER BY id", [String(dashboardId)]);

beforeAll(async () => {
  t = await createDemoApp();
  const companies = await q<{ username: string; company_id: number }>("SELECT username, company_id FROM users WHERE username IN ('admin', 'admin2')");
  org1 = Number(companies.find((r) => r.username === 'admin')!.company_id);
  org2 = Number(companies.find((r) => r.username === 'admin2')!.company_id);
  const [d] = await q<{ id: number }>("SELECT id FROM dashboards WHERE company_id = $1 AND name = 'Mijn caseload'", [org1]);
  caseload = Number(d!.id);
}, 180_000);
afterAll(async () => {
  await t.db.close();
});

describe('finding 1: the widgets of a dashboard of another organisation', () => {
  it("coach2 (organisation 2, view only) cannot empty organisation 1's dashboard with an empty widget list", async () => {
    const before = await widgetsOf(caseload);
    expect(before.length).toBeGreaterThan(0);
    const res = await call('coach2', 'PUT', `/api/dashboards/${caseload}/widgets`, { widgets: [] });
    expect(res.status).toBe(403);
    expect(await widgetsOf(caseload)).toEqual(before);
    expect(await auditOf(caseload)).toEqual([]);
  });

  it("admin2 (organisation 2, may edit its own dashboards) finds no dashboard of organisation 1: 404, nothing changes", async () => {
    const before = await widgetsOf(caseload);
    const widget = before[0]!.id;
    const answers = [
      await call('admin2', 'PUT', `/api/dashboards/${caseload}/widgets`, { widgets: [] }),
      await call('admin2', 'PUT', `/api/dashboards/${caseload}/widgets/${widget}`, { name: 'Overgenomen', type: 'bar', graph: { subject: 'participant', datasets: [{ label: 'x', operation: 'count', grouping: 'none', property: 'status', filters: [] }], axes: { x: 'status', y: 'count' } } }),
      await call('admin2', 'DELETE', `/api/dashboards/${caseload}/widgets/${widget}`),
      await call('admin2', 'PUT', `/api/dashboards/${caseload}`, { name: 'Overgenomen' }),
      await call('admin2', 'DELETE', `/api/dashboards/${caseload}`),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await widgetsOf(caseload)).toEqual(before);
    const [dashboard] = await q<{ name: string; deleted_at: Date | null }>('SELECT name, deleted_at FROM dashboards WHERE id = $1', [caseload]);
    expect(dashboard).toEqual({ name: 'Mijn caseload', deleted_at: null });
    expect(await auditOf(caseload)).toEqual([]);
  });

  it("a widget of another of organisation 1's dashboards cannot be deleted through another dashboard's path", async () => {
    const [other] = await q<{ id: number }>("SELECT w.id FROM widgets w JOIN dashboards d ON d.id = w.dashboard_id WHERE d.company_id = $1 AND d.id <> $2 AND w.deleted_at IS NULL LIMIT 1", [org1, caseload]);
    const before = await q<{ dashboard_id: number; deleted_at: Date | null }>('SELECT dashboard_id, deleted_at FROM widgets WHERE id = $1', [other!.id]);
    expect((await call('admin', 'DELETE', `/api/dashboards/${caseload}/widgets/${other!.id}`)).status).toBe(404);
    expect(await q('SELECT dashboard_id, deleted_at FROM widgets WHERE id = $1', [other!.id])).toEqual(before);
  });
});

describe('audit rows of dashboard changes', () => {
  it("deleting a widget writes an audit row, under the dashboard's organisation", async () => {
    const made = await call('manager', 'POST', '/api/dashboards', { name: 'Te legen' });
    const { id } = (await made.json()) as { id: number };
    const bar = { name: 'Per status', type: 'bar', graph: { subject: 'participant', datasets: [{ label: 'Aantal', operation: 'count', grouping: 'none', property: 'status', filters: [] }], axes: { x: 'status', y: 'count' } } };
    const put = await call('manager', 'PUT', `/api/dashboards/${id}/widgets`, { widgets: [bar, { ...bar, name: 'Nog een' }] });
    expect(put.status).toBe(200);
    const [first] = await widgetsOf(id);
    expect((await call('manager', 'DELETE', `/api/dashboards/${id}/widgets/${first!.id}`)).status).toBe(204);
    expect((await widgetsOf(id)).map((w) => w.name)).toEqual(['Nog een']);
    expect((await call('manager', 'PUT', `/api/dashboards/${id}/widgets`, { widgets: [] })).status).toBe(200);
    expect(await widgetsOf(id)).toEqual([]);
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.action, Number(r.company_id)])).toEqual([
      ['dashboard.create', org1],
      ['dashboard.widgets', org1],
      ['dashboard.widget.delete', org1],
      ['dashboard.widgets', org1],
    ]);
    expect(rows[2]!.details).toEqual({ widget: first!.id });
    expect(org2).not.toBe(org1);
  });
});
