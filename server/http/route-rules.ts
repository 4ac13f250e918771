import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db, Queryable } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';
import { authenticateRequest, type SessionInfo } from '../auth/authenticate';
import { authSettings } from '../auth/settings';
import { can, loadViewerFlags, type Privilege, type Resource } from '../auth/permissions';
import { findInScope } from '../graph/scoped';
import { firstIssueReason } from '../../src/domain/shared/issue-reason';
import { restAuthError, restErrorBody } from './auth-http';
import { restViewer } from './rest-viewer';

/**
 * One authorization rule for every REST route (issue 38): a route is declared with its method, path, who
 * may call it and the scope of the object it touches; the rule runs BEFORE the handler, which receives the
 * already-authorized viewer, the object already loaded inside the viewer's scope and the already-checked body.
 * createApp refuses to start when a route under /api/ was mounted without a declaration (assertRoutesDeclared).
 *
 * Order of the checks (docs/decisions-authz.md): session (401 and the wire codes of 01 §8), then the privilege
 * (403 forbidden: says nothing about any row), then the object in scope (404 not_found: unknown, another
 * organisation's and outside the viewer's scope answer the same), then the body (400 invalid_input with the
 * schema's reason code).
 */
export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * Who may call a route:
 * - `public`: anyone, also without a session (health, sign-in, SSO start, password reset, signed links);
 * - `session`: any live session of the caller's own account, also one that still owes its second factor
 *   or a password change (the two-step routes); the viewer is the real user;
 * - `authenticated`: a signed-in user whatever their role (what they reach is the scope's job);
 * - a privilege on a resource of `server/auth/permissions.ts` (`can`, with the user's flags).
 */
export type RouteAccess = 'public' | 'session' | 'authenticated' | { privilege: Privilege; resource: Resource };

/**
 * The reach of the object the route touches: `company` (the viewer's organisation's rows: reference data,
 * settings, exports), `project` (rows visible per project, e.g. dashboards and projects), `caseload`
 * (participants and what hangs off them, through the participant's scope), `own` (the viewer's own rows:
 * their session, subscription, profile) or `none` (nothing of an organisation: health, version, sign-in).
 */
export type RouteScope = 'company' | 'project' | 'caseload' | 'own' | 'none';

/** Path parameters by name (Hono's `c.req.param()`). */
export type RouteParams = Record<string, string>;

export interface RouteRule<A extends RouteAccess = RouteAccess, T = undefined, B = undefined> {
  method: RouteMethod;
  path: string;
  access: A;
  scope: RouteScope;
  /**
   * The object the route touches, loaded from the path params inside the viewer's scope (through
   * server/auth/scope.ts: `inScope(table)` or an area's own finder built on the same scope functions).
   * null answers 404 before the handler runs. Only for routes with a viewer.
   */
  load?: (db: Queryable, viewer: Viewer, params: RouteParams) => Promise<T | null>;
  /**
   * The valibot schema of a JSON body, from src/domain/ (the fuzz test and the matrix build bodies from it),
   * checked by the rule: 400 invalid_input with the first issue's reason code before the handler, which gets the output.
   */
  body?: v.GenericSchema<unknown, B>;
  /**
   * The schema of a body the handler parses itself (form or multipart bodies, or checks in an order the spec
   * fixes, e.g. the dashboard id first): declared for the route table, not checked by the rule.
   */
  handlerBody?: v.GenericSchema;
  /** The reason code of the 404 (default reasons.notFoundOrForbidden) and of the 403 (default auth.forbidden). */
  notFound?: string;
  forbidden?: string;
  /** Runs before the 403 of a missing privilege (e.g. the audit row of a refused audit-log export). */
  onForbidden?: (c: Context, viewer: Viewer) => Promise<void>;
}

/** What the handler receives: the checked viewer (null on public routes), its session, the object in scope, the parsed body. */
export interface RouteContext<A extends RouteAccess, T, B> {
  viewer: A extends 'public' ? null : Viewer;
  session: A extends 'public' ? null : SessionInfo;
  object: T;
  body: B;
  params: RouteParams;
}

export type RouteHandler<A extends RouteAccess, T, B> = (c: Context, route: RouteContext<A, T, B>) => Response | Promise<Response>;

/** One row of the route table (restRoutes): what the matrix and fuzz tests are generated from. */
export interface DeclaredRoute {
  method: RouteMethod;
  path: string;
  access: RouteAccess;
  scope: RouteScope;
  /** The object is loaded in scope from the path before the handler runs. */
  scoped: boolean;
  body: v.GenericSchema | null;
  bodyCheckedBy: 'rule' | 'handler' | null;
}

const tables = new WeakMap<Hono, DeclaredRoute[]>();

/** The declared REST routes of an app, in mount order. */
export function restRoutes(app: Hono): readonly DeclaredRoute[] {
  return tables.get(app) ?? [];
}

/** The access of a route as text: `public`, `session`, `authenticated` or `<privilege>:<resource>`. */
export function accessLabel(access: RouteAccess): string {
  return typeof access === 'string' ? access : `${access.privilege}:${access.resource}`;
}

/** A loader of one row of `table` by the path parameter `param` (an id), inside the viewer's scope (findInScope). */
export function inScope<T = Record<string, unknown>>(table: string, param = 'id'): (db: Queryable, viewer: Viewer, params: RouteParams) => Promise<T | null> {
  return (db, viewer, params) => findInScope<T>(db, table, viewer, params[param]);
}

/** Declares a REST route and mounts it: the rule's checks run before `handler`. */
export function declare<A extends RouteAccess, T = undefined, B = undefined>(
  app: Hono,
  deps: { db: Db; config: Config },
  rule: RouteRule<A, T, B>,
  handler: RouteHandler<A, T, B>,
): void {
  const { db, config } = deps;
  if (rule.load && (rule.access === 'public' || rule.access === 'session')) {
    throw new Error(`${rule.method} ${rule.path}: an object in scope needs a signed-in viewer, not access '${accessLabel(rule.access)}'`);
  }
  const table = tables.get(app) ?? [];
  tables.set(app, table);
  if (table.some((r) => r.method === rule.method && r.path === rule.path)) throw new Error(`${rule.method} ${rule.path} is declared twice`);
  table.push({
    method: rule.method,
    path: rule.path,
    access: rule.access,
    scope: rule.scope,
    scoped: rule.load !== undefined,
    body: (rule.body as v.GenericSchema | undefined) ?? rule.handlerBody ?? null,
    bodyCheckedBy: rule.body ? 'rule' : rule.handlerBody ? 'handler' : null,
  });

  app.on(rule.method, rule.path, async (c) => {
    const params = c.req.param() as RouteParams;
    let viewer: Viewer | null = null;
    let session: SessionInfo | null = null;
    if (rule.access === 'session') {
      const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
      if (auth.kind === 'anonymous') return restAuthError(c, 'no_current_user');
      if (auth.kind === 'error') return restAuthError(c, auth.code, auth.hint);
      viewer = auth.kind === 'viewer' ? auth.real : auth.viewer;
      session = auth.session;
    } else if (rule.access !== 'public') {
      const found = await restViewer(c, db, config);
      if (found instanceof Response) return found;
      viewer = found;
      session = await sessionOf(c, db, config);
      if (typeof rule.access === 'object' && !(await allowed(db, viewer, rule.access))) {
        await rule.onForbidden?.(c, viewer);
        c.header('cache-control', 'no-store');
        return c.json(restErrorBody('forbidden', rule.forbidden ?? 'auth.forbidden'), 403);
      }
    }
    let object: T | undefined;
    if (rule.load && viewer) {
      const loaded = await rule.load(db, viewer, params);
      if (loaded === null) {
        c.header('cache-control', 'no-store');
        return c.json(restErrorBody('not_found', rule.notFound ?? 'reasons.notFoundOrForbidden'), 404);
      }
      object = loaded;
    }
    let body: B | undefined;
    if (rule.body) {
      const raw: unknown = await c.req.json().catch(() => undefined);
      const parsed = v.safeParse(rule.body, raw);
      if (!parsed.success) {
        const { reason, params: reasonParams } = firstIssueReason(parsed.issues);
        c.header('cache-control', 'no-store');
        return c.json(restErrorBody('invalid_input', reason, reasonParams ?? undefined), 400);
      }
      body = parsed.output;
    }
    return handler(c, { viewer, session, object, body, params } as RouteContext<A, T, B>);
  });
}

/** The session behind an authenticated viewer (authenticateRequest memoises per request: no second query). */
async function sessionOf(c: Context, db: Db, config: Config): Promise<SessionInfo | null> {
  const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
  return auth.kind === 'anonymous' || auth.kind === 'error' ? null : auth.session;
}

async function allowed(db: Queryable, viewer: Viewer, access: { privilege: Privilege; resource: Resource }): Promise<boolean> {
  if (can(viewer, access.privilege, access.resource)) return true;
  // The wage-value expert flag adds privileges to a staff role (permissions.ts): asked only when the role alone does not allow.
  if (access.resource !== 'wageValueMeasurements' && access.resource !== 'wageValuePlans') return false;
  return can(viewer, access.privilege, access.resource, await loadViewerFlags(db, viewer));
}

/** Routes under /api/ that are not declared here because their own layer guards them: the graph endpoint (and GraphiQL). */
export const GRAPH_ENDPOINT = '/api/v2/graph';

/**
 * Throws, naming method and path, when the app has a route under /api/ without a declaration (a handler
 * mounted with app.get/post/... directly). Middleware (`app.use('/api/*')`) and the graph endpoint are not routes
 * of their own. Called by createApp once everything is mounted: such a server does not start.
 */
export function assertRoutesDeclared(app: Hono): void {
  const declared = new Set(restRoutes(app).map((r) => `${r.method} ${r.path}`));
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') && route.path !== '/api') continue;
    if (route.method === 'ALL' && route.path.endsWith('*')) continue;
    if (route.path === GRAPH_ENDPOINT) continue;
    if (!declared.has(`${route.method} ${route.path}`)) {
      throw new Error(`REST route ${route.method} ${route.path} has no declaration (server/http/route-rules.ts: declare it with its access and scope)`);
    }
  }
}
