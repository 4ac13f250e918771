import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setErrorReporter } from '../sentry';
import { CALLERS, createWorld, type World } from './authz-matrix/world';
import * as v from 'valibot';
import { declarationsOf, type Declaration } from './authz-matrix/declarations';
import { FIXTURES } from './authz-matrix/fixtures';
import { createSnapshots, type Snapshots } from './authz-matrix/snapshot';
import { createLeakDetector, type LeakDetector } from './authz-matrix/leaks';
import { callRoute, expectationOf, judge, mountedRoutes } from './authz-matrix/run';

/**
 * The REST authorization matrix (issue 38): every REST route the app mounts (read from the router, so a new route
 * cannot be forgotten) × anonymous, each staff role of organisation 1, organisation 2's administrator and coach, a
 * participant and the self-registered `aanmelder`. The expected answer comes from the route's declaration (access:
 * public, signed in or a permission; the object's scope): 401 without a session, 403 confined or without the
 * permission, 404 for an object outside the caller's scope, else the answer. Every call is checked in the database:
 * a refused call changes nothing, an allowed write changes only rows in the caller's scope and writes its audit row in
 * the caller's (= the object's) organisation; no answer carries a uuid or e-mail address of a row outside scope.
 * Runs on PGlite and with WERKPAD_TEST_DB=postgres.
 */

process.env.TRUST_PROXY = '1';

let world: World;
let snapshots: Snapshots;
let detector: LeakDetector;
let declarations: Map<string, Declaration>;
const reported: unknown[] = [];
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

beforeAll(async () => {
  world = await createWorld();
  declarations = declarationsOf(world.app);
  snapshots = await createSnapshots(world.db);
  detector = await createLeakDetector(world.db, snapshots.tables);
  setErrorReporter((e) => reported.push(e));
}, 300_000);

afterAll(async () => {
  setErrorReporter(null);
  await world?.close();
});

describe('REST authorization matrix', () => {
  it('every mounted route is declared and has a fixture whose body its schema accepts', () => {
    const mounted = mountedRoutes(world.app);
    const all = [...declarations.values()];
    const from = (source: Declaration['source']) => all.filter((d) => d.source === source && mounted.some((r) => key(r) === key(d))).length;
    console.log(`REST authorization matrix: ${mounted.length} mounted routes (${from('table')} from the route table, ${from('graph')} the graph endpoint) × ${CALLERS.length} callers`);
    expect(mounted.filter((r) => !declarations.has(key(r))).map(key), 'mounted routes not in the route table (server/http/route-rules.ts)').toEqual([]);
    expect(mounted.map(key).filter((k) => !FIXTURES[k]), 'routes without a fixture in server/http/authz-matrix/fixtures.ts').toEqual([]);
    expect(Object.keys(FIXTURES).filter((k) => !mounted.some((r) => key(r) === k)), 'fixtures of routes that are not mounted').toEqual([]);
    const badBodies = all
      .filter((d) => d.body && FIXTURES[key(d)])
      .filter((d) => !v.safeParse(d.body as v.GenericSchema, FIXTURES[key(d)]?.body?.(world.targets)).success)
      .map(key);
    expect(badBodies, 'fixture bodies the declared schema refuses').toEqual([]);
    expect(mounted.length).toBeGreaterThan(50);
  });

  it('every route × every caller answers as declared, reads nothing and writes nothing outside scope', async () => {
    const failures: string[] = [];
    const tally = { calls: 0, allowed: 0, refused: 0, writes: 0 };
    let index = 0;
    for (const route of mountedRoutes(world.app)) {
      const declaration = declarations.get(key(route));
      const fixture = FIXTURES[key(route)];
      if (!declaration || !fixture) continue; // named by the test above
      const routeMark = await snapshots.mark();
      const routeCounts = await snapshots.counts();
      for (const name of CALLERS) {
        const caller = world.callers.get(name);
        if (!caller) throw new Error(`caller ${name} missing`);
        const path = fixture.path(world.targets);
        const expectation = await expectationOf(world, declaration, fixture, caller, path);
        const result = await callRoute(world, snapshots, detector, route.method, fixture, caller, index++, route.method !== 'GET');
        tally.calls += 1;
        if (expectation.allowed) tally.allowed += 1;
        else tally.refused += 1;
        if (result.changed.length) tally.writes += 1;
        for (const problem of judge(expectation, fixture, caller, route.method, result, declaration.access === 'public')) failures.push(`${key(route)} as ${name}: ${problem}`);
      }
      // rows deleted (any route), rows written by a read (the tables a write touches were compared and put back per call)
      const counts = await snapshots.counts();
      const deleted = [...routeCounts.keys()].filter((t) => routeCounts.get(t) !== counts.get(t));
      const written = route.method === 'GET' ? await snapshots.writtenSince(routeMark, fixture.touches ?? []) : [];
      if (deleted.length + written.length) failures.push(`${key(route)}: changed tables it does not declare: ${[...new Set([...deleted, ...written])].join(', ')}`);
    }
    console.log(`REST authorization matrix: ${tally.calls} calls (${tally.allowed} answered, ${tally.refused} refused, ${tally.writes} allowed writes checked and put back)`);
    expect(failures).toEqual([]);
    expect(reported.map(String).slice(0, 5)).toEqual([]);
    expect(tally.refused).toBeGreaterThan(tally.calls / 3);
    expect(tally.writes).toBeGreaterThan(5);
  }, 600_000);

  it("a write of several rows checks every row: a widget set naming organisation 1's widget changes nothing", async () => {
    const { rows } = await world.db.query<{ id: string }>("SELECT id::text FROM dashboards WHERE company_id = $1 AND name = 'Mijn caseload'", [world.targets.org2]);
    const own = rows[0]?.id;
    if (!own) throw new Error('organisation 2 has no dashboard');
    const { rows: widget } = await world.db.query<{ name: string; type: string; graph: unknown }>('SELECT name, type, graph FROM widgets WHERE id = $1', [world.targets.widgetId]);
    // organisation 2's own dashboard (in scope for its users), its set naming a widget of organisation 1 by id
    const fixture = { path: () => `/api/dashboards/${own}/widgets`, body: () => ({ widgets: [{ ...widget[0], id: world.targets.widgetId }] }), touches: ['widgets', 'dashboards'] };
    for (const [name, status] of [['admin2', 404], ['coach2', 403]] as const) {
      const caller = world.callers.get(name);
      if (!caller) throw new Error(`caller ${name} missing`);
      const result = await callRoute(world, snapshots, detector, 'PUT', fixture, caller, 9_000, true);
      expect(result.status, `${name}: ${result.text}`).toBe(status);
      expect(result.changed, name).toEqual([]);
      expect(result.elsewhere, name).toEqual([]);
    }
  });

  it('control: the leak detector knows organisation 1 and flags its rows for organisation 2', async () => {
    expect(detector.size).toBeGreaterThan(100);
    const admin2 = world.callers.get('admin2')?.viewer;
    if (!admin2) throw new Error('admin2 has no session');
    const org1 = await world.app.request('/api/dashboards', { headers: { authorization: `Bearer ${world.callers.get('admin')?.token ?? ''}` } });
    expect(org1.status).toBe(200);
    expect((await detector.leaks(admin2, await org1.text())).length).toBeGreaterThan(0);
  });
});
