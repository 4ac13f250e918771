import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { assertRoutesDeclared, GRAPH_ENDPOINT, restRoutes } from './route-rules';

/**
 * The REST rule on the server as createApp builds it (issue 38): every route under /api/ is declared (else the
 * start fails, naming it), and the rule answers before any handler in its order: 401, 403, 404, 400.
 * The per-route matrix (every route × every kind of caller) is rest-authz-matrix.test.ts.
 */
let t: DemoApp;
let transferOfOrg1 = 0;

beforeAll(async () => {
  t = await createDemoApp();
  const { rows } = await t.db.query<{ id: number }>(
    "INSERT INTO transfer_settings (company_id, direction, kind, label) SELECT company_id, 'import', 'standard', 'Import' FROM users WHERE username = 'admin' RETURNING id",
  );
  transferOfOrg1 = Number(rows[0]!.id);
}, 180_000);
afterAll(async () => {
  await t.db.close();
});

const body = async (res: Response) => (await res.json()) as { error?: string; messageKey?: string };

describe('every REST route is declared', () => {
  it('the app createApp built has a declaration for each of its /api/ routes, the graph endpoint aside', () => {
    const declared = new Set(restRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    const mounted = t.app.routes.filter((r) => r.path.startsWith('/api/') && !(r.method === 'ALL' && r.path.endsWith('*')) && r.path !== GRAPH_ENDPOINT);
    expect(mounted.length).toBeGreaterThan(50);
    expect(mounted.filter((r) => !declared.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(declared.has('PUT /api/dashboards/:id/widgets')).toBe(true);
    expect(declared.has('GET /api/health')).toBe(true);
  });

  it('a route mounted beside the declarations makes the start check fail with its method and path', () => {
    t.app.delete('/api/participants/:id', (c) => c.json({ deleted: true }));
    expect(() => assertRoutesDeclared(t.app)).toThrow('REST route DELETE /api/participants/:id has no declaration');
  });
});

describe('the rule answers before the handler', () => {
  it('without a session 401; without the privilege 403 (nothing said about the row); outside scope 404; a bad body 400', async () => {
    const path = `/api/transfer/${transferOfOrg1}`;
    const anonymous = await t.app.request(path);
    expect(anonymous.status).toBe(401);
    expect((await body(anonymous)).error).toBe('no_current_user');
    // a coach has no transfer privilege: the same 403 for an existing and an unknown id
    const coach = await t.rest('coach', path);
    expect(coach.status).toBe(403);
    expect(await body(coach)).toMatchObject({ error: 'forbidden', messageKey: 'admin.errors.forbidden' });
    expect((await t.rest('coach', '/api/transfer/999999')).status).toBe(403);
    // organisation 2's administrator may view transfers, but not organisation 1's
    const other = await t.rest('admin2', path);
    expect(other.status).toBe(404);
    expect(await body(other)).toMatchObject({ error: 'not_found', messageKey: 'transfer.errors.notFound' });
    expect((await t.rest('admin', path)).status).toBe(200);
    const bad = await t.app.request('/api/dashboards', {
      method: 'POST',
      headers: { authorization: `Bearer ${await t.tokenOf('manager')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 42 }),
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error).toBe('invalid_input');
  });
});
