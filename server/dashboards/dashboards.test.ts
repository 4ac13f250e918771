import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import type { GraphAnswer } from '../../src/domain/dashboards/graph';

/**
 * Dashboards (issue 22): every row of the REST table of 01 §7 (with Allow and the dashboard-id
 * message), the figures against direct SQL counts written here independently (every operation ×
 * grouping × comparison), a coach's figures limited to the caseload, and the declared writes.
 * One demo database for the whole file.
 */
let t: DemoApp;
let companyId = 0;
let coachId = 0;
let caseload = 0; // 'Mijn caseload' (roles manager, coach)
let management = 0; // 'Managementinformatie' (roles administrator, manager)
const tokens = new Map<string, string>();

async function call(user: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (user) {
    if (!tokens.has(user)) tokens.set(user, await t.tokenOf(user));
    headers.authorization = `Bearer ${tokens.get(user)}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(path, { method, headers, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
}
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const q = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await t.db.query<T>(text, values)).rows;

interface Answer {
  success: boolean;
  reason: string | null;
}
async function write(user: string, name: string, input: Record<string, unknown>): Promise<Answer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await t.gql<Record<string, Answer>>(user, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason } }`, { input: { ...input, clientMutationId: uuidv7() } });
  if (res.errors) throw new Error(res.errors.map((e) => e.message).join(', '));
  return res.data!.r!;
}

const graph = (subject: string, dataset: Record<string, unknown>) => ({
  subject,
  datasets: [{ label: 'Aantal', operation: 'count', grouping: 'none', filters: [], ...dataset }],
  axes: { x: String(dataset.property), y: 'count' },
});

async function figures(user: string, dashboardId: number, type: string, g: unknown): Promise<GraphAnswer> {
  const res = await call(user, 'POST', '/api/graph/datasets', { dashboardId, type, graph: g });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return json<GraphAnswer>(res);
}
/** An answer as {x|series: value}, for comparing with SQL. */
const asMap = (a: GraphAnswer, i = 0) => Object.fromEntries(a.datasets[i]!.rows.map((r) => [`${r.x ?? '∅'}|${r.series ?? '∅'}`, r.value]));

beforeAll(async () => {
  t = await createDemoApp();
  const [admin] = await q<{ company_id: number }>("SELECT company_id FROM users WHERE username = 'admin'");
  companyId = Number(admin!.company_id);
  coachId = await t.userId('coach');
  const ds = await q<{ id: number; name: string }>('SELECT id, name FROM dashboards WHERE company_id = $1', [companyId]);
  caseload = Number(ds.find((d) => d.name === 'Mijn caseload')!.id);
  management = Number(ds.find((d) => d.name === 'Managementinformatie')!.id);
  // Spread registrations over two years (some in the Amsterdam night around midnight UTC, where the day differs),
  // start dates and birth dates, so every bucket and comparison has something to count.
  await t.db.query(
    `UPDATE participants SET time_registered = timestamptz '2025-01-01 23:30:00+00' + (id % 97) * interval '7 days 3 hours',
            birthdate = date '1960-01-01' + ((id % 41) * 365)::int WHERE company_id = $1`,
    [companyId],
  );
  await t.db.query(`UPDATE work_plans SET start_date = date '2025-03-01' + ((id % 60) * 9)::int, expected_end_date = CASE WHEN expected_end_date IS NULL THEN NULL ELSE date '2025-03-01' + ((id % 60) * 9 + 90)::int END
      WHERE company_id = $1 AND status <> 'finished' AND time_finished IS NULL`, [companyId]);
  // sign-ins of a participant in the coach's caseload and of one outside it
  const inside = await q<{ user_id: number }>('SELECT user_id FROM participants WHERE company_id = $1 AND coach_id = $2 AND user_id IS NOT NULL AND display = 1 LIMIT 1', [companyId, coachId]);
  const outside = await q<{ user_id: number }>('SELECT user_id FROM participants WHERE company_id = $1 AND coach_id IS DISTINCT FROM $2 AND manager_id IS DISTINCT FROM $2 AND user_id IS NOT NULL LIMIT 1', [companyId, coachId]);
  for (const [u, n] of [[inside[0]?.user_id, 3], [outside[0]?.user_id, 4], [coachId, 2]] as const) {
    if (!u) continue;
    for (let i = 0; i < n; i++) {
      await t.db.query(`INSERT INTO audit_log (company_id, user_id, action, created_at) VALUES ($1, $2, 'login.success', timestamptz '2026-01-05 22:30:00+00' + $3 * interval '4 days')`, [companyId, u, i]);
    }
  }
}, 180_000);
afterAll(async () => {
  await t.db.close();
});

describe('the REST table of 01 §7', () => {
  it('OPTIONS dashboards answers the methods the caller may use in Allow', async () => {
    const admin = await call('admin', 'OPTIONS', '/api/dashboards');
    expect(admin.status).toBe(204);
    expect(admin.headers.get('allow')).toBe('OPTIONS, GET, POST, PUT, DELETE');
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
    expect((await call('manager', 'OPTIONS', '/api/dashboards')).headers.get('allow')).toBe('OPTIONS, GET, POST, PUT, DELETE');
    expect((await call('coach', 'OPTIONS', '/api/dashboards')).headers.get('allow')).toBe('OPTIONS, GET');
    expect((await call('participant', 'OPTIONS', '/api/dashboards')).headers.get('allow')).toBe('OPTIONS');
    expect((await call(null, 'OPTIONS', '/api/dashboards')).status).toBe(401);
  });

  it('GET dashboards lists what is visible for the role; GET dashboards/{id} answers a list whose first item is the dashboard', async () => {
    const coachList = await json<{ id: number }[]>(await call('coach', 'GET', '/api/dashboards'));
    expect(coachList.map((d) => d.id)).toContain(caseload);
    expect(coachList.map((d) => d.id)).not.toContain(management);
    const one = await json<{ id: number; name: string; widgets: { sortOrder: number; name: string }[] }[]>(await call('coach', 'GET', `/api/dashboards/${caseload}`));
    expect(one[0]!.name).toBe('Mijn caseload');
    expect(one[0]!.widgets.map((w) => w.name)).toEqual(['Deelnemers per status', 'Werkplannen per status', 'Lopende werkplannen']);
    expect((await call('coach', 'GET', `/api/dashboards/${management}`)).status).toBe(404);
    expect((await call('participant', 'GET', '/api/dashboards')).status).toBe(403);
    expect((await call('admin2', 'GET', `/api/dashboards/${caseload}`)).status).toBe(404);
  });

  it('POST, PUT, DELETE dashboards/{id}: create, rename, visibility, delete; refusals have reasons', async () => {
    const bad = await call('manager', 'POST', '/api/dashboards', { name: '  ' });
    expect(bad.status).toBe(400);
    expect((await json<{ messageKey: string }>(bad)).messageKey).toBe('dashboards.errors.nameRequired');
    expect((await call('coach', 'POST', '/api/dashboards', { name: 'Van de coach' })).status).toBe(403);
    const hides = await call('manager', 'POST', '/api/dashboards', { name: 'Alleen beheer', visibleRoleIds: [7] });
    expect((await json<{ messageKey: string }>(hides)).messageKey).toBe('dashboards.errors.hidesYourself');
    const made = await call('manager', 'POST', '/api/dashboards', { name: 'Voortgang', visibleRoleIds: [3] });
    expect(made.status).toBe(201);
    const d = await json<{ id: number; name: string }>(made);
    const renamed = await json<{ name: string; visibleRoleIds: number[] }>(await call('manager', 'PUT', `/api/dashboards/${d.id}`, { name: 'Voortgang 2026', visibleRoleIds: [3, 4] }));
    expect(renamed).toMatchObject({ name: 'Voortgang 2026', visibleRoleIds: [3, 4] });
    expect((await call('coach', 'GET', `/api/dashboards/${d.id}`)).status).toBe(200);
    expect((await call('coach', 'DELETE', `/api/dashboards/${d.id}`)).status).toBe(403);
    expect((await call('manager', 'DELETE', `/api/dashboards/${d.id}`)).status).toBe(204);
    expect((await call('manager', 'GET', `/api/dashboards/${d.id}`)).status).toBe(404);
    expect((await call('manager', 'PUT', '/api/dashboards/abc', { name: 'x' })).status).toBe(404);
  });

  it('GET and PUT dashboards/{id}/widgets, PUT dashboards/{d}/widgets/{w}: order, validation, multi-dataset per type', async () => {
    const d = await json<{ id: number }>(await call('manager', 'POST', '/api/dashboards', { name: 'Widgets' }));
    const bar = { name: 'Per status', type: 'bar', graph: graph('participant', { property: 'status' }) };
    const pie = { name: 'Per geslacht', type: 'pie', graph: graph('participant', { property: 'sex' }) };
    const put = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets`, { widgets: [bar, pie] });
    expect(put.status).toBe(200);
    const listed = await json<{ id: number; name: string; sortOrder: number }[]>(await call('manager', 'GET', `/api/dashboards/${d.id}/widgets`));
    expect(listed.map((w) => [w.name, w.sortOrder])).toEqual([['Per status', 0], ['Per geslacht', 1]]);
    // the set in the other order, the first one left out: it goes
    const again = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets`, { widgets: [{ ...pie, id: listed[1]!.id }] });
    expect((await json<{ name: string }[]>(again)).map((w) => w.name)).toEqual(['Per geslacht']);
    const one = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${listed[1]!.id}`, { ...pie, name: 'Geslacht' });
    expect((await json<{ name: string }>(one)).name).toBe('Geslacht');
    const created = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${randomUUID()}`, bar);
    expect(created.status).toBe(200);
    const noName = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${listed[1]!.id}`, { ...pie, name: '' });
    expect((await json<{ messageKey: string }>(noName)).messageKey).toBe('dashboards.errors.widgetNameRequired');
    const twoOnPie = { ...pie, graph: { ...pie.graph, datasets: [pie.graph.datasets[0], pie.graph.datasets[0]] } };
    const multi = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${listed[1]!.id}`, twoOnPie);
    expect((await json<{ messageKey: string }>(multi)).messageKey).toBe('dashboards.errors.multiDatasetNotSupported');
    const twoOnBar = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${listed[1]!.id}`, { ...twoOnPie, type: 'bar' });
    expect(twoOnBar.status).toBe(200);
    const noAxis = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${listed[1]!.id}`, { ...pie, graph: graph('participant', { property: '' }) });
    expect((await json<{ messageKey: string }>(noAxis)).messageKey).toBe('dashboards.errors.axisRequired');
    const badFilter = await call('manager', 'PUT', `/api/dashboards/${d.id}/widgets/${listed[1]!.id}`, { ...pie, graph: graph('participant', { property: 'sex', filters: [{ property: 'status', comparison: 'gt', value: 3 }] }) });
    expect((await json<{ messageKey: string }>(badFilter)).messageKey).toBe('dashboards.errors.filterIncomplete');
    expect((await call('coach', 'PUT', `/api/dashboards/${caseload}/widgets`, { widgets: [bar] })).status).toBe(403);
  });

  it('GET widgets and projects: everything in scope', async () => {
    const widgets = await json<{ dashboardId: number }[]>(await call('coach', 'GET', '/api/widgets'));
    expect(widgets.length).toBeGreaterThan(0);
    expect(widgets.every((w) => w.dashboardId !== management)).toBe(true);
    const projects = await json<{ id: number; name: string }[]>(await call('manager', 'GET', '/api/projects'));
    const direct = await q<{ id: number }>('SELECT id FROM projects WHERE company_id = $1 AND deleted_at IS NULL', [companyId]);
    expect(projects.map((p) => p.id).sort()).toEqual(direct.map((p) => Number(p.id)).sort());
  });

  it('GET graph/subjects, graph/types, graph/types/modifiers and graph/types/comparisons', async () => {
    const subjects = await json<{ id: string; properties: { id: string; options: { value: string; label: string }[]; operations: string[] }[]; supportedGroupings: string[]; relatedDataGridUri: string | null; relations: unknown[] }[]>(await call('manager', 'GET', '/api/graph/subjects'));
    expect(subjects.map((s) => s.id)).toEqual(['participant', 'work-plan', 'login']);
    const status = subjects[0]!.properties.find((p) => p.id === 'status')!;
    expect(status.options).toContainEqual({ value: '3', label: 'In ontwikkeling' });
    expect(subjects[0]!.properties.find((p) => p.id === 'age')!.operations).toEqual(['count', 'sum']);
    expect(subjects[0]!.supportedGroupings).toEqual(['none', 'week', 'month', 'year']);
    const types = await json<{ id: string; multiDataset: boolean }[]>(await call('manager', 'GET', '/api/graph/types'));
    expect(types.map((x) => [x.id, x.multiDataset])).toEqual([['bar', true], ['pie', false], ['table', true]]);
    expect((await json<{ id: string }[]>(await call('manager', 'GET', '/api/graph/types/modifiers'))).map((x) => x.id)).toEqual(['none', 'week', 'month', 'year']);
    expect((await json<{ id: string }[]>(await call('manager', 'GET', '/api/graph/types/comparisons'))).map((x) => x.id)).toEqual(['eq', 'gt', 'lt', 'neq']);
  });

  it("POST graph/datasets without an integer dashboard id: 'Payload needs to have a dashboard id.' as a reason code", async () => {
    for (const body of [{ type: 'bar', graph: graph('participant', { property: 'status' }) }, { dashboardId: '3', type: 'bar' }, { dashboardId: 1.5 }, 'not json']) {
      const res = await call('manager', 'POST', '/api/graph/datasets', body);
      expect(res.status).toBe(400);
      expect(await json<Record<string, unknown>>(res)).toMatchObject({ error: 'invalid_input', messageKey: 'dashboards.errors.dashboardIdRequired' });
    }
    // a dashboard outside the viewer's scope is not found
    expect((await call('coach', 'POST', '/api/graph/datasets', { dashboardId: management, type: 'bar', graph: graph('participant', { property: 'status' }) })).status).toBe(404);
  });
});

describe('figures against direct SQL counts', () => {
  const groupings = ['none', 'week', 'month', 'year'] as const;
  const comparisons = { eq: '=', gt: '>', lt: '<', neq: '<>' } as const;
  /** The bucket key as the test computes it: ISO week via IYYY-IW turned into its Monday, independently of date_trunc. */
  const bucket = (g: string, day: string) =>
    g === 'none' ? `to_char(${day}, 'YYYY-MM-DD')`
      : g === 'week' ? `to_char(to_date(to_char(${day}, 'IYYY-IW'), 'IYYY-IW'), 'YYYY-MM-DD')`
        : g === 'month' ? `to_char(${day}, 'YYYY-MM') || '-01'`
          : `to_char(${day}, 'YYYY') || '-01-01'`;

  it('participants: count and sum × none/week/month/year × eq/gt/lt/neq (admin: the whole company)', async () => {
    const [mid] = await q<{ a: number }>(`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY date_part('year', age(current_date, birthdate))) AS a FROM participants WHERE company_id = $1`, [companyId]);
    const age = Number(mid!.a);
    let compared = 0;
    for (const operation of ['count', 'sum'] as const) {
      for (const grouping of groupings) {
        for (const [cmp, op] of Object.entries(comparisons)) {
          const g = graph('participant', { property: 'timeRegistered', grouping, operation, sumProperty: operation === 'sum' ? 'age' : null, filters: [{ property: 'age', comparison: cmp, value: age }] });
          const answer = await figures('admin', management, 'bar', g);
          const day = "(time_registered AT TIME ZONE 'Europe/Amsterdam')::date";
          const value = operation === 'count' ? 'count(*)' : "sum(date_part('year', age(current_date, birthdate)))";
          const expected = await q<{ k: string; v: number }>(
            `SELECT ${bucket(grouping, day)} AS k, ${value}::float8 AS v FROM participants
              WHERE company_id = $1 AND deleted_at IS NULL AND display <> 0
                AND date_part('year', age(current_date, birthdate)) ${cmp === 'neq' ? 'IS DISTINCT FROM' : op} $2 GROUP BY 1`,
            [companyId, age],
          );
          expect(asMap(answer), `${operation} ${grouping} ${cmp}`).toEqual(Object.fromEntries(expected.map((r) => [`${r.k}|∅`, Number(r.v)])));
          expect(expected.length, `${operation} ${grouping} ${cmp} has figures`).toBeGreaterThan(0);
          compared++;
        }
      }
    }
    expect(compared).toBe(32);
  });

  it('work plans: count and sum × groupings × comparisons, with a series and a status filter', async () => {
    let compared = 0;
    for (const operation of ['count', 'sum'] as const) {
      for (const grouping of groupings) {
        for (const [cmp, op] of Object.entries(comparisons)) {
          const g = graph('work-plan', { property: 'startDate', grouping, series: 'status', operation, sumProperty: operation === 'sum' ? 'durationDays' : null, filters: [{ property: 'durationDays', comparison: cmp, value: 100 }, { property: 'status', comparison: 'neq', value: 'finished' }] });
          const answer = await figures('admin', management, 'table', g);
          const dur = '(coalesce(time_finished, current_date) - start_date)';
          const value = operation === 'count' ? 'count(*)' : `coalesce(sum(${dur}), 0)`;
          const expected = await q<{ k: string | null; s: string; v: number }>(
            `SELECT CASE WHEN start_date IS NULL THEN NULL ELSE ${bucket(grouping, 'start_date')} END AS k, status AS s, ${value}::float8 AS v FROM work_plans
              WHERE company_id = $1 AND deleted_at IS NULL AND status <> 'finished' AND ${dur} ${cmp === 'neq' ? 'IS DISTINCT FROM' : op} 100 GROUP BY 1, 2`,
            [companyId],
          );
          expect(asMap(answer), `${operation} ${grouping} ${cmp}`).toEqual(Object.fromEntries(expected.map((r) => [`${r.k ?? '∅'}|${r.s}`, Number(r.v)])));
          compared++;
        }
      }
    }
    expect(compared).toBe(32);
  });

  it('participants per status per month, several datasets on a bar, and status eq/neq filters', async () => {
    const g = {
      subject: 'participant',
      datasets: [
        { label: 'Alle', operation: 'count', property: 'timeRegistered', grouping: 'month', series: 'status', filters: [] },
        { label: 'Status 3', operation: 'count', property: 'timeRegistered', grouping: 'month', filters: [{ property: 'status', comparison: 'eq', value: 3 }] },
        { label: 'Niet 3', operation: 'count', property: 'timeRegistered', grouping: 'year', filters: [{ property: 'status', comparison: 'neq', value: 3 }] },
      ],
      axes: { x: 'timeRegistered', y: 'count' },
    };
    const answer = await figures('admin', management, 'bar', g);
    expect(answer.datasets).toHaveLength(3);
    const perStatus = await q<{ k: string; s: number; v: number }>(
      `SELECT to_char(time_registered AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM') || '-01' AS k, status_id AS s, count(*)::int AS v
         FROM participants WHERE company_id = $1 AND deleted_at IS NULL AND display <> 0 GROUP BY 1, 2`,
      [companyId],
    );
    expect(asMap(answer, 0)).toEqual(Object.fromEntries(perStatus.map((r) => [`${r.k}|${r.s}`, Number(r.v)])));
    expect(answer.datasets[0]!.rows.find((r) => r.series === '3')?.seriesLabel).toBe('In ontwikkeling');
    const only3 = perStatus.filter((r) => Number(r.s) === 3);
    expect(asMap(answer, 1)).toEqual(Object.fromEntries(only3.map((r) => [`${r.k}|∅`, Number(r.v)])));
    const total = perStatus.reduce((n, r) => n + Number(r.v), 0);
    const sumNot3 = answer.datasets[2]!.rows.reduce((n, r) => n + r.value, 0);
    expect(sumNot3).toBe(total - only3.reduce((n, r) => n + Number(r.v), 0));
    const pie = await call('admin', 'POST', '/api/graph/datasets', { dashboardId: management, type: 'pie', graph: g });
    expect((await json<{ messageKey: string }>(pie)).messageKey).toBe('dashboards.errors.multiDatasetNotSupported');
  });

  it('sign-ins per week: the audit log successful sign-ins, in Amsterdam weeks', async () => {
    const answer = await figures('admin', management, 'bar', graph('login', { property: 'time', grouping: 'week' }));
    const expected = await q<{ k: string; v: number }>(
      `SELECT to_char(to_date(to_char(created_at AT TIME ZONE 'Europe/Amsterdam', 'IYYY-IW'), 'IYYY-IW'), 'YYYY-MM-DD') AS k, count(*)::int AS v
         FROM audit_log WHERE company_id = $1 AND action = 'login.success' GROUP BY 1`,
      [companyId],
    );
    expect(asMap(answer)).toEqual(Object.fromEntries(expected.map((r) => [`${r.k}|∅`, Number(r.v)])));
  });
});

describe("scope: a coach's figures are the caseload's", () => {
  it('participants per status: only the caseload, never others; the related list shows the same rows', async () => {
    const answer = await figures('coach', caseload, 'bar', graph('participant', { property: 'status' }));
    const mine = await q<{ s: number; v: number }>(
      'SELECT status_id AS s, count(*)::int AS v FROM participants WHERE company_id = $1 AND deleted_at IS NULL AND display = 1 AND (coach_id = $2 OR manager_id = $2) GROUP BY 1',
      [companyId, coachId],
    );
    const all = await q<{ n: number }>('SELECT count(*)::int AS n FROM participants WHERE company_id = $1 AND deleted_at IS NULL AND display <> 0', [companyId]);
    expect(asMap(answer)).toEqual(Object.fromEntries(mine.map((r) => [`${r.s}|∅`, Number(r.v)])));
    const counted = answer.datasets[0]!.rows.reduce((n, r) => n + r.value, 0);
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(Number(all[0]!.n));
    const status = mine[0]!.s;
    const related = await json<{ total: number; rows: { id: number }[] }>(
      await call('coach', 'POST', '/api/graph/related', { subject: 'participant', filters: [{ property: 'status', comparison: 'eq', value: Number(status) }] }),
    );
    expect(related.total).toBe(Number(mine[0]!.v));
    const ids = related.rows.map((r) => r.id);
    const outside = await q<{ n: number }>('SELECT count(*)::int AS n FROM participants WHERE id = ANY($1::bigint[]) AND coach_id IS DISTINCT FROM $2 AND manager_id IS DISTINCT FROM $2', [ids, coachId]);
    expect(Number(outside[0]!.n)).toBe(0);
  });

  it("work plans and sign-ins: the caseload's only", async () => {
    const plans = await figures('coach', caseload, 'pie', graph('work-plan', { property: 'status' }));
    const mine = await q<{ s: string; v: number }>(
      `SELECT w.status AS s, count(*)::int AS v FROM work_plans w JOIN participants p ON p.id = w.participant_id
        WHERE w.company_id = $1 AND w.deleted_at IS NULL AND p.display = 1 AND (p.coach_id = $2 OR p.manager_id = $2) GROUP BY 1`,
      [companyId, coachId],
    );
    expect(asMap(plans)).toEqual(Object.fromEntries(mine.map((r) => [`${r.s}|∅`, Number(r.v)])));
    const logins = await figures('coach', caseload, 'table', graph('login', { property: 'userKind' }));
    const expected = await q<{ s: string; v: number }>(
      `SELECT CASE WHEN u.acl_role_id = 2 THEN 'participant' ELSE 'staff' END AS s, count(*)::int AS v FROM audit_log a JOIN users u ON u.id = a.user_id
        WHERE a.company_id = $1 AND a.action = 'login.success'
          AND (a.user_id = $2 OR a.user_id IN (SELECT user_id FROM participants WHERE display = 1 AND deleted_at IS NULL AND (coach_id = $2 OR manager_id = $2))) GROUP BY 1`,
      [companyId, coachId],
    );
    expect(asMap(logins)).toEqual(Object.fromEntries(expected.map((r) => [`${r.s}|∅`, Number(r.v)])));
    const adminLogins = await figures('admin', management, 'table', graph('login', { property: 'userKind' }));
    const total = (a: GraphAnswer) => a.datasets[0]!.rows.reduce((n, r) => n + r.value, 0);
    expect(total(logins)).toBeLessThan(total(adminLogins));
  });
});

describe('declared writes', () => {
  it('saveDashboard, saveWidget, moveWidget, deleteWidget, deleteDashboard; a coach is refused', async () => {
    const uuid = randomUUID();
    expect(await write('manager', 'saveDashboard', { uuid, name: 'Offline gemaakt', visibleRoleIds: [3] })).toEqual({ success: true, reason: null });
    expect(await write('manager', 'saveDashboard', { uuid, name: 'Hernoemd' })).toMatchObject({ success: true });
    const [row] = await q<{ id: number; name: string; visible_role_ids: number[] }>('SELECT id, name, visible_role_ids FROM dashboards WHERE uuid = $1', [uuid]);
    expect(row).toMatchObject({ name: 'Hernoemd' });
    expect(row!.visible_role_ids.map(Number)).toEqual([3]);
    const w1 = randomUUID();
    const w2 = randomUUID();
    const g = graph('participant', { property: 'status' });
    expect(await write('manager', 'saveWidget', { uuid: w1, dashboardUuid: uuid, name: 'Een', type: 'bar', graph: g, sortOrder: 0 })).toMatchObject({ success: true });
    expect(await write('manager', 'saveWidget', { uuid: w2, dashboardUuid: uuid, name: 'Twee', type: 'pie', graph: g, sortOrder: 1 })).toMatchObject({ success: true });
    expect(await write('manager', 'saveWidget', { uuid: randomUUID(), dashboardUuid: uuid, name: '', type: 'pie', graph: g })).toMatchObject({ success: false, reason: 'dashboards.errors.widgetNameRequired' });
    expect(await write('manager', 'moveWidget', { uuid: w2, sortOrder: 0 })).toMatchObject({ success: true });
    expect(await write('manager', 'moveWidget', { uuid: w1, sortOrder: 1 })).toMatchObject({ success: true });
    const widgets = await json<{ name: string; dashboardUuid: string }[]>(await call('manager', 'GET', `/api/dashboards/${row!.id}/widgets`));
    expect(widgets.map((w) => w.name)).toEqual(['Twee', 'Een']);
    expect(widgets[0]!.dashboardUuid).toBe(uuid);
    expect(await write('coach', 'saveDashboard', { uuid: randomUUID(), name: 'Coach' })).toMatchObject({ success: false, reason: 'dashboards.errors.notAllowed' });
    expect(await write('manager', 'deleteWidget', { uuid: w1 })).toMatchObject({ success: true });
    expect(await write('manager', 'deleteDashboard', { uuid })).toMatchObject({ success: true });
    expect((await q('SELECT 1 FROM widgets WHERE dashboard_id = $1 AND deleted_at IS NULL', [row!.id])).length).toBe(0);
    // undo after the server ran the delete: back with the widget it still had, not the one removed before
    expect(await write('manager', 'saveDashboard', { uuid, name: 'Hernoemd', restore: true })).toMatchObject({ success: true });
    const back = await json<{ name: string }[]>(await call('manager', 'GET', `/api/dashboards/${row!.id}/widgets`));
    expect(back.map((w) => w.name)).toEqual(['Twee']);
  });
});
