import type { Hono } from 'hono';
import type * as v from 'valibot';
import { GRAPH_ENDPOINT, restRoutes, type RouteAccess, type RouteScope } from '../route-rules';

/**
 * The access rule of every REST route as the matrix reads it (issue 38): the server's route table
 * (`restRoutes(app)`, server/http/route-rules.ts). The graph endpoint has its own layer (every operation is
 * authorised inside the schema; server/graph/tenancy.test.ts walks it): it is declared here, as public at the HTTP level.
 */

export interface Declaration {
  method: string;
  path: string;
  access: RouteAccess;
  scope: RouteScope;
  /** the valibot schema of the body, when the route declares one */
  body: v.GenericSchema | null;
  /** where the declaration comes from */
  source: 'table' | 'graph';
}

const GRAPH: readonly Declaration[] = (['GET', 'POST', 'OPTIONS'] as const).map((method) => ({ method, path: GRAPH_ENDPOINT, access: 'public', scope: 'none', body: null, source: 'graph' }));

/** The declarations of the app's routes: its route table and the graph endpoint. */
export function declarationsOf(app: Hono): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const d of GRAPH) out.set(`${d.method} ${d.path}`, d);
  for (const r of restRoutes(app)) out.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, access: r.access, scope: r.scope, body: r.body, source: 'table' });
  return out;
}
