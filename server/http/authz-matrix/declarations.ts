import type { Hono } from 'hono';
import type * as v from 'valibot';
import type { Privilege, Resource } from '../../auth/permissions';
import { GRAPH_ENDPOINT, restRoutes, type RouteAccess, type RouteScope } from '../route-rules';

/**
 * The access rule of every REST route as the matrix reads it (issue 38): the server's route table
 * (`restRoutes(app)`, server/http/route-rules.ts). The graph endpoint has its own layer (every operation is
 * authorised inside the schema; server/graph/tenancy.test.ts walks it): it is declared here. Routes not yet moved
 * onto the table fall back to the provisional declarations below, written from their handlers; the test names them.
 */

export interface Declaration {
  method: string;
  path: string;
  access: RouteAccess;
  scope: RouteScope;
  /** the valibot schema of the body, when the route declares one */
  body: v.GenericSchema | null;
  /** where the declaration comes from */
  source: 'table' | 'graph' | 'provisional';
}

type Access = RouteAccess;

const GRAPH: readonly Declaration[] = (['GET', 'POST', 'OPTIONS'] as const).map((method) => ({ method, path: GRAPH_ENDPOINT, access: 'public', scope: 'none', body: null, source: 'graph' }));

/** The declarations of the app's routes: its route table, the graph endpoint, then the provisional ones. */
export function declarationsOf(app: Hono): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const d of PROVISIONAL) out.set(`${d.method} ${d.path}`, { ...d, body: null, source: 'provisional' });
  for (const d of GRAPH) out.set(`${d.method} ${d.path}`, d);
  for (const r of restRoutes(app)) out.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, access: r.access, scope: r.scope, body: r.body, source: 'table' });
  return out;
}

const p = (privilege: Privilege, resource: Resource): Access => ({ privilege, resource });

/** Provisional: every REST route with its access and scope, as the handlers check them today. */
const PROVISIONAL: readonly Pick<Declaration, 'method' | 'path' | 'access' | 'scope'>[] = [
  { method: 'GET', path: '/api/health', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/oauth/token', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/oauth/revoke', access: 'public', scope: 'own' },
  { method: 'POST', path: '/api/oauth/logout', access: 'public', scope: 'own' },
  { method: 'GET', path: '/api/oauth/logout', access: 'public', scope: 'own' },
  { method: 'POST', path: '/api/oauth/sso-buttons', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/oauth/sso/start', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/oauth/mfa/secret', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/oauth/mfa/setup', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/oauth/mfa/verify', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/passwordreset', access: 'public', scope: 'none' },
  { method: 'GET', path: '/api/invitations/:token', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/imitate', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/imitate/stop', access: 'public', scope: 'own' },
  { method: 'GET', path: '/api/navigation', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/default/admin/deelnemervisibility/id/:id/format/json/setvisibility/:mode', access: p('hide', 'participants'), scope: 'caseload' },
  { method: 'GET', path: '/api/v2/stream', access: 'authenticated', scope: 'own' },
  { method: 'GET', path: '/api/files/get-presigned-url/:file', access: p('view', 'files'), scope: 'caseload' },
  { method: 'GET', path: '/api/files/download/:file', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/files', access: 'authenticated', scope: 'own' },
  { method: 'GET', path: '/api/files/:uuid', access: 'authenticated', scope: 'caseload' },
  { method: 'GET', path: '/api/push/vapid-public-key', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/fcm', access: 'authenticated', scope: 'own' },
  { method: 'GET', path: '/api/system-messages', access: 'authenticated', scope: 'company' },
  { method: 'GET', path: '/api/users/roles', access: p('view', 'users'), scope: 'company' },
  { method: 'GET', path: '/api/oauth/mfa/setup', access: 'authenticated', scope: 'own' },
  { method: 'GET', path: '/api/user/returnToSite', access: 'authenticated', scope: 'own' },
  { method: 'GET', path: '/api/remote-config', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/werkplanblauwdruk/print-documents/blauwdruk/:id', access: p('view', 'blueprints'), scope: 'company' },
  { method: 'GET', path: '/api/portal/documents/:uuid', access: 'authenticated', scope: 'caseload' },
  { method: 'GET', path: '/api/portal/pictures/:uuid', access: 'authenticated', scope: 'caseload' },
  { method: 'GET', path: '/api/instantie/style.css', access: 'public', scope: 'company' },
  { method: 'GET', path: '/api/instantie/logo', access: 'public', scope: 'company' },
  { method: 'GET', path: '/api/export/:file', access: p('export', 'participants'), scope: 'caseload' },
  { method: 'GET', path: '/api/users/:id/avatar', access: 'authenticated', scope: 'caseload' },
  { method: 'GET', path: '/api/skill-report/:file', access: p('export', 'skillReport'), scope: 'caseload' },
  { method: 'GET', path: '/api/audit-log.csv', access: p('view', 'auditLog'), scope: 'company' },
  { method: 'OPTIONS', path: '/api/dashboards', access: 'authenticated', scope: 'none' },
  { method: 'GET', path: '/api/dashboards', access: p('view', 'dashboards'), scope: 'project' },
  { method: 'POST', path: '/api/dashboards', access: p('add', 'dashboards'), scope: 'company' },
  { method: 'GET', path: '/api/dashboards/:id', access: p('view', 'dashboards'), scope: 'project' },
  { method: 'PUT', path: '/api/dashboards/:id', access: p('edit', 'dashboards'), scope: 'project' },
  { method: 'DELETE', path: '/api/dashboards/:id', access: p('delete', 'dashboards'), scope: 'project' },
  { method: 'GET', path: '/api/dashboards/:id/widgets', access: p('view', 'dashboards'), scope: 'project' },
  { method: 'PUT', path: '/api/dashboards/:id/widgets', access: p('edit', 'dashboards'), scope: 'project' },
  { method: 'PUT', path: '/api/dashboards/:dashboard/widgets/:widget', access: p('edit', 'dashboards'), scope: 'project' },
  { method: 'DELETE', path: '/api/dashboards/:dashboard/widgets/:widget', access: p('edit', 'dashboards'), scope: 'project' },
  { method: 'GET', path: '/api/widgets', access: p('view', 'dashboards'), scope: 'project' },
  { method: 'GET', path: '/api/projects', access: 'authenticated', scope: 'project' },
  { method: 'GET', path: '/api/graph/subjects', access: p('view', 'dashboards'), scope: 'caseload' },
  { method: 'GET', path: '/api/graph/types', access: p('view', 'dashboards'), scope: 'none' },
  { method: 'GET', path: '/api/graph/types/modifiers', access: p('view', 'dashboards'), scope: 'none' },
  { method: 'GET', path: '/api/graph/types/comparisons', access: p('view', 'dashboards'), scope: 'none' },
  { method: 'POST', path: '/api/graph/datasets', access: p('view', 'dashboards'), scope: 'project' },
  { method: 'POST', path: '/api/graph/related', access: p('view', 'dashboards'), scope: 'caseload' },
  { method: 'GET', path: '/api/dashboards/:dashboard/widgets/:widget/:file', access: p('view', 'dashboards'), scope: 'project' },
  { method: 'POST', path: '/api/transfer/endpoint-scanner', access: p('edit', 'transfer'), scope: 'company' },
  { method: 'GET', path: '/api/transfer/:id', access: p('view', 'transfer'), scope: 'company' },
  { method: 'PUT', path: '/api/transfer/:id', access: p('edit', 'transfer'), scope: 'company' },
  { method: 'DELETE', path: '/api/transfer/:id', access: p('edit', 'transfer'), scope: 'company' },
  { method: 'POST', path: '/api/transfer/:id/run', access: p('edit', 'transfer'), scope: 'company' },
  { method: 'GET', path: '/api/transfer/:id/runs', access: p('view', 'transfer'), scope: 'company' },
  { method: 'POST', path: '/api/session/lock', access: 'session', scope: 'own' },
  { method: 'GET', path: '/api/devices', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/devices/current', access: 'authenticated', scope: 'own' },
  { method: 'POST', path: '/api/devices/wiped', access: 'public', scope: 'none' },
  { method: 'POST', path: '/api/devices/:id/revoke', access: 'authenticated', scope: 'own' },
];
