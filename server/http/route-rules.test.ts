import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { assertRoutesDeclared, declare, inScope, restRoutes } from './route-rules';

/**
 * The declaration mechanism of issue 38 on a bare app (no database is reached: public routes only). The
 * checks a declaration runs for a signed-in caller are proven on the demo app by route-rules-app.test.ts.
 */
const deps = { db: {} as Db, config: {} as Config };

describe('REST route declarations', () => {
  it('a route mounted without a declaration stops the start, naming its method and path', () => {
    const app = new Hono();
    app.use('/api/*', async (_c, next) => next());
    declare(app, deps, { method: 'GET', path: '/api/declared', access: 'public', scope: 'none' }, (c) => c.json({ ok: true }));
    expect(() => assertRoutesDeclared(app)).not.toThrow();
    app.post('/api/undeclared/:id', (c) => c.json({ ok: true }));
    expect(() => assertRoutesDeclared(app)).toThrow('REST route POST /api/undeclared/:id has no declaration');
  });

  it('the same path with another method is another route that needs its own declaration', () => {
    const app = new Hono();
    declare(app, deps, { method: 'GET', path: '/api/thing', access: 'public', scope: 'none' }, (c) => c.json({ ok: true }));
    app.delete('/api/thing', (c) => c.json({ ok: true }));
    expect(() => assertRoutesDeclared(app)).toThrow('REST route DELETE /api/thing has no declaration');
  });

  it('the graph endpoint and the app outside /api/ are not REST routes', () => {
    const app = new Hono();
    app.on(['GET', 'POST', 'OPTIONS'], '/api/v2/graph', (c) => c.json({}));
    app.get('*', (c) => c.text('shell'));
    expect(() => assertRoutesDeclared(app)).not.toThrow();
  });

  it('a route is declared once, and an object in scope needs a signed-in viewer', () => {
    const app = new Hono();
    declare(app, deps, { method: 'GET', path: '/api/once', access: 'public', scope: 'none' }, (c) => c.json({}));
    expect(() => declare(app, deps, { method: 'GET', path: '/api/once', access: 'public', scope: 'none' }, (c) => c.json({}))).toThrow('declared twice');
    expect(() => declare(app, deps, { method: 'GET', path: '/api/open/:id', access: 'public', scope: 'company', load: inScope('projects') }, (c) => c.json({}))).toThrow('needs a signed-in viewer');
  });

  it('the table lists every declaration with its access, scope and body', async () => {
    const app = new Hono();
    declare(app, deps, { method: 'GET', path: '/api/health-like', access: 'public', scope: 'none' }, (c) => c.json({ status: 'ok' }));
    declare(app, deps, { method: 'PUT', path: '/api/things/:id', access: { privilege: 'edit', resource: 'projects' }, scope: 'project', load: inScope('projects') }, (c) => c.json({}));
    expect(restRoutes(app).map((r) => ({ method: r.method, path: r.path, access: r.access, scope: r.scope, scoped: r.scoped }))).toEqual([
      { method: 'GET', path: '/api/health-like', access: 'public', scope: 'none', scoped: false },
      { method: 'PUT', path: '/api/things/:id', access: { privilege: 'edit', resource: 'projects' }, scope: 'project', scoped: true },
    ]);
    const res = await app.request('/api/health-like');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
