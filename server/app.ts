import { Hono } from 'hono';
import type { Db } from './db/db';
import type { Config } from './config';
import { mountGraph } from './http/graph-route';
import { reportError } from './sentry';
import { mountStatic } from './http/static';
import { assertRoutesDeclared, declare } from './http/route-rules';
import { mountAuthRoutes } from './http/auth-routes';
import { mountNavigation } from './http/navigation-routes';
import { mountStream } from './http/stream-routes';
import { mountFiles } from './http/files-routes';
import { mountWorkPlanFiles } from './http/work-plan-files-routes';
import { mountPush } from './http/push-routes';
import { mountSpecCalls } from './http/spec-calls-routes';
import { mountRemoteConfig } from './http/remote-config-routes';
import { mountBlueprintPrint } from './work-plans/print-route';
import { mountPortal } from './portal/routes';
import { mountAdminRoutes } from './admin/routes';
import { mountSkillReportRoutes } from './skill-report/routes';
import { mountSecurity } from './http/security';
import { mountAuditLog } from './http/audit-log-routes';
import { mountDashboardRoutes } from './dashboards/routes';
import { mountTransferRoutes } from './transfer/routes';
import { mountDeviceKeyShare } from './http/device-key-share-routes';
import { mountCompression } from './http/compression';
import { mountDeviceRoutes } from './devices/routes';
import { noteWritesForReads } from './sync/read-route';
import { routeReadRequests } from './db/routed';
import { tokenFromRequest } from './auth/session';
import { participantReadLog } from './auth/participant-reads';
import { clientIp } from './http/client-ip';

/** REST reads served from a standby when one qualifies: exports and lists (no sign-in, session, file or stream route). */
const LIST_AND_EXPORT_GETS = /^\/api\/(export\/|audit-log\.csv$|dashboards(\/|$)|widgets$|projects$|graph\/|skill-report\/|transfer\/|users\/roles$)/;

export interface AppDeps {
  db: Db;
  config: Config;
}

/** Builds the HTTP app: REST under /api/, GraphQL at /api/v2/graph, the PWA at /. No state lives here between requests. */
export function createApp({ db, config }: AppDeps): Hono {
  const app = new Hono();
  // Headers, no-store, CORS and the CSRF origin check come before every route (server/http/security.ts).
  mountSecurity(app, config);
  // API answers leave compressed (gzip or brotli) above 1 KB, streamed (server/http/compression.ts).
  mountCompression(app);
  declare(app, { db, config }, { method: 'GET', path: '/api/health', access: 'public', scope: 'none' }, async (c) => {
    await db.query('SELECT 1');
    return c.json({ status: 'ok', database: db.kind });
  });
  // Read replicas (DATABASE_READ_URL): after a request that wrote, its session reads a standby only once that has replayed the write.
  app.use('/api/*', noteWritesForReads(db));
  // Read replicas: GETs of lists and exports (and graph queries, see useReadOnlyOperations) read a standby that has replayed the session's writes.
  app.use('/api/*', routeReadRequests(db, LIST_AND_EXPORT_GETS, tokenFromRequest));
  // Participant data a REST route answers is written to the audit log once per request (issue 38).
  app.use('/api/*', participantReadLog(db, clientIp));
  mountAuthRoutes(app, db, config);
  mountNavigation(app, db, config);
  mountStream(app, db, config);
  mountWorkPlanFiles(app, db, config);
  mountFiles(app, db, config);
  mountPush(app, db, config);
  mountSpecCalls(app, db, config);
  mountRemoteConfig(app, db, config);
  mountBlueprintPrint(app, db, config);
  mountPortal(app, db, config);
  mountAdminRoutes(app, db, config);
  mountSkillReportRoutes(app, db, config);
  mountAuditLog(app, db, config);
  mountDashboardRoutes(app, db, config);
  mountTransferRoutes(app, db, config);
  mountDeviceKeyShare(app, db, config);
  mountDeviceRoutes(app, db, config);
  mountGraph(app, db, config);
  mountStatic(app, config.staticDir);
  app.onError((err, c) => {
    console.error(err);
    reportError(err);
    c.header('cache-control', 'no-store');
    return c.json({ error: 'server_error', messageKey: 'errors.server' }, 500);
  });
  // Every REST route is declared with its access and scope (server/http/route-rules.ts): an undeclared one stops the start.
  assertRoutesDeclared(app);
  return app;
}
