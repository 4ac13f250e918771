import { DEVICE_HEADER } from '../../auth/device-key-shares';
import type { CallerName, Targets } from './world';

/**
 * How the matrix calls each route (issue 38): the concrete path (its parameters name organisation-1 objects), the
 * smallest body the handler accepts, the object whose scope decides between an answer and 404, and the tables a
 * write may touch (children first: they are put back in that order). A route without a fixture fails the matrix
 * with its method and path, so a new route brings its fixture.
 */
export interface Fixture {
  path: (t: Targets) => string;
  /** JSON body; `multipart` sends a small PNG as the `file` part instead */
  body?: (t: Targets) => unknown;
  multipart?: true;
  /** the object the path names (id, or uuid for files; table `imitation`: the caller's impersonation options; `device`: a device the caller may manage): out of the caller's scope (server/auth/scope.ts) → 404 */
  target?: (t: Targets) => { table: string; id: number | string };
  /** tables an allowed call may change (rows compared, then put back); any other company table must stay equal */
  touches?: readonly string[];
  /** statuses of an allowed call (default: any 2xx) */
  ok?: readonly number[];
  /** status of a refusal for an object outside scope, when the route answers it otherwise than 404 */
  outOfScope?: number;
  /** the route ends the session it is called with: a fresh one per call */
  freshSession?: true;
  /** an event stream: the body is not read */
  stream?: true;
  /** request headers besides the session (e.g. the device a route acts on) */
  headers?: (t: Targets, caller: CallerName) => Record<string, string>;
  /**
   * what the answer may name: rows in the caller's scope (default), or any row of the caller's organisation (the
   * audit log names every object that was touched, also those the administrator cannot open)
   */
  reach?: 'scope' | 'company';
  /** an allowed write that keeps no audit row (reason) */
  noAudit?: string;
  /** the route starts work that goes on after the answer (awaited before the database is compared) */
  after?: 'transfer-run';
}

const widgetGraph = {
  subject: 'participant',
  datasets: [{ label: 'Aantal', operation: 'count', property: 'status', filters: [], grouping: 'none' }],
  axes: { x: 'status', y: 'count' },
};
const widget = { name: 'Matrix', type: 'bar', graph: widgetGraph };
/** A file named by its uuid in the path (the matrix looks the row up by uuid). */
const uuidFiles = (uuid: (t: Targets) => string, prefix: string): Fixture => ({ path: (t) => `${prefix}${uuid(t)}`, target: (t) => ({ table: 'files', id: uuid(t) }) });

export const FIXTURES: Readonly<Record<string, Fixture>> = {
  'GET /api/health': { path: () => '/api/health' },
  'POST /api/oauth/token': { path: () => '/api/oauth/token', body: () => ({ grant_type: 'password', username: 'matrix-nobody', password: 'Matrix-Wachtwoord-2026!' }), ok: [400] },
  // a token that is no session: revoking it changes nothing (RFC 7009 answers 200 all the same)
  'POST /api/oauth/revoke': { path: () => '/api/oauth/revoke', body: () => ({ token: 'matrix-not-a-session-token' }) },
  'POST /api/oauth/logout': { path: () => '/api/oauth/logout', freshSession: true },
  'GET /api/oauth/logout': { path: () => '/api/oauth/logout', freshSession: true },
  'POST /api/oauth/sso-buttons': { path: () => '/api/oauth/sso-buttons', body: () => ({}) },
  'POST /api/oauth/sso/start': { path: () => '/api/oauth/sso/start', body: () => ({ uuid: '00000000-0000-4000-8000-000000000000' }), ok: [404] },
  // a wrong password: a right one would enrol two-step for the caller (tested in oauth-mfa.test.ts)
  'POST /api/oauth/mfa/secret': { path: () => '/api/oauth/mfa/secret', body: () => ({ password: 'Matrix-Verkeerd-2026!' }), ok: [400] },
  'POST /api/oauth/mfa/setup': { path: () => '/api/oauth/mfa/setup', body: () => ({ code: '000000' }), ok: [400] },
  'POST /api/oauth/mfa/verify': { path: () => '/api/oauth/mfa/verify', body: () => ({ code: '000000' }), ok: [400] },
  'POST /api/passwordreset': { path: () => '/api/passwordreset', body: () => ({ username: 'matrix-nobody' }) },
  'GET /api/invitations/:token': { path: () => '/api/invitations/bWF0cml4LW5vLXN1Y2gtaW52aXRhdGlvbi10b2tlbg' },
  'POST /api/imitate': { path: () => '/api/imitate', body: (t) => ({ userId: t.avatarUserId }), target: (t) => ({ table: 'imitation', id: t.avatarUserId }), outOfScope: 403 },
  'POST /api/imitate/stop': { path: () => '/api/imitate/stop', body: () => ({}) },
  'GET /api/navigation': { path: () => '/api/navigation' },
  'POST /api/default/admin/deelnemervisibility/id/:id/format/json/setvisibility/:mode': {
    path: (t) => `/api/default/admin/deelnemervisibility/id/${t.participantId}/format/json/setvisibility/hide`,
    target: (t) => ({ table: 'participants', id: t.participantId }),
    touches: ['participants'],
  },
  'GET /api/v2/stream': { path: () => '/api/v2/stream', stream: true },
  'GET /api/files/get-presigned-url/:file': uuidFiles((t) => t.workPlanFileUuid, '/api/files/get-presigned-url/'),
  'GET /api/files/download/:file': { path: (t) => t.signedPath },
  'POST /api/files': { path: () => '/api/files', multipart: true, touches: ['files'], noAudit: 'an upload is not yet linked to anything; its message or document write is audited' },
  'GET /api/files/:uuid': uuidFiles((t) => t.attachmentUuid, '/api/files/'),
  'GET /api/push/vapid-public-key': { path: () => '/api/push/vapid-public-key' },
  'POST /api/fcm': { path: () => '/api/fcm', body: () => ({ token: 'matrix-registration-token-0123456789' }), touches: ['push_subscriptions'], noAudit: 'a device registration of the caller themselves' },
  'GET /api/system-messages': { path: () => '/api/system-messages' },
  'GET /api/users/roles': { path: () => '/api/users/roles' },
  'GET /api/oauth/mfa/setup': { path: () => '/api/oauth/mfa/setup' },
  'GET /api/user/returnToSite': { path: () => '/api/user/returnToSite' },
  'GET /api/remote-config': { path: () => '/api/remote-config' },
  'POST /api/werkplanblauwdruk/print-documents/blauwdruk/:id': {
    path: (t) => `/api/werkplanblauwdruk/print-documents/blauwdruk/${t.blueprintId}`,
    target: (t) => ({ table: 'blueprints', id: t.blueprintId }),
  },
  'GET /api/portal/documents/:uuid': uuidFiles((t) => t.documentUuid, '/api/portal/documents/'),
  'GET /api/portal/pictures/:uuid': uuidFiles((t) => t.pictureUuid, '/api/portal/pictures/'),
  'GET /api/instantie/style.css': { path: () => '/api/instantie/style.css' },
  'GET /api/instantie/logo': { path: () => '/api/instantie/logo', ok: [404] },
  'GET /api/export/:file{users\\.(?:csv|xlsx)}': { path: () => '/api/export/users.csv' },
  'GET /api/export/:file{participants\\.(?:csv|xlsx)}': { path: () => '/api/export/participants.csv' },
  'GET /api/users/:id/avatar': { path: (t) => `/api/users/${t.avatarUserId}/avatar`, target: (t) => ({ table: 'users', id: t.avatarUserId }) },
  'GET /api/skill-report/:file{export\\.(?:csv|xlsx)}': { path: () => '/api/skill-report/export.csv' },
  'GET /api/audit-log.csv': { path: () => '/api/audit-log.csv', reach: 'company' },
  'OPTIONS /api/dashboards': { path: () => '/api/dashboards' },
  'GET /api/dashboards': { path: () => '/api/dashboards' },
  'POST /api/dashboards': { path: () => '/api/dashboards', body: () => ({ name: 'Matrix' }), touches: ['dashboards'] },
  'GET /api/dashboards/:id': { path: (t) => `/api/dashboards/${t.dashboardId}`, target: (t) => ({ table: 'dashboards', id: t.dashboardId }) },
  'PUT /api/dashboards/:id': { path: (t) => `/api/dashboards/${t.dashboardId}`, body: () => ({ name: 'Matrix' }), target: (t) => ({ table: 'dashboards', id: t.dashboardId }), touches: ['widgets', 'dashboards'] },
  'DELETE /api/dashboards/:id': { path: (t) => `/api/dashboards/${t.dashboardId}`, target: (t) => ({ table: 'dashboards', id: t.dashboardId }), touches: ['widgets', 'dashboards'] },
  'GET /api/dashboards/:id/widgets': { path: (t) => `/api/dashboards/${t.dashboardId}/widgets`, target: (t) => ({ table: 'dashboards', id: t.dashboardId }) },
  // issue 38 finding 1: an empty list replaced any dashboard's widgets, for any caller who may view dashboards
  'PUT /api/dashboards/:id/widgets': { path: (t) => `/api/dashboards/${t.dashboardId}/widgets`, body: () => ({ widgets: [] }), target: (t) => ({ table: 'dashboards', id: t.dashboardId }), touches: ['widgets', 'dashboards'] },
  'PUT /api/dashboards/:dashboard/widgets/:widget': {
    path: (t) => `/api/dashboards/${t.dashboardId}/widgets/${t.widgetId}`,
    body: () => widget,
    target: (t) => ({ table: 'widgets', id: t.widgetId }),
    touches: ['widgets', 'dashboards'],
  },
  'DELETE /api/dashboards/:dashboard/widgets/:widget': {
    path: (t) => `/api/dashboards/${t.dashboardId}/widgets/${t.widgetId}`,
    target: (t) => ({ table: 'widgets', id: t.widgetId }),
    touches: ['widgets', 'dashboards'],
  },
  'GET /api/widgets': { path: () => '/api/widgets' },
  'GET /api/projects': { path: () => '/api/projects' },
  'GET /api/graph/subjects': { path: () => '/api/graph/subjects' },
  'GET /api/graph/types': { path: () => '/api/graph/types' },
  'GET /api/graph/types/modifiers': { path: () => '/api/graph/types/modifiers' },
  'GET /api/graph/types/comparisons': { path: () => '/api/graph/types/comparisons' },
  'POST /api/graph/datasets': {
    path: () => '/api/graph/datasets',
    body: (t) => ({ dashboardId: t.dashboardId, type: 'bar', graph: widgetGraph }),
    target: (t) => ({ table: 'dashboards', id: t.dashboardId }),
  },
  'POST /api/graph/related': { path: () => '/api/graph/related', body: () => ({ subject: 'participant' }) },
  'GET /api/dashboards/:dashboard/widgets/:widget/:file': {
    path: (t) => `/api/dashboards/${t.dashboardId}/widgets/${t.widgetId}/data.csv`,
    target: (t) => ({ table: 'widgets', id: t.widgetId }),
  },
  // a private address: refused by the outbound guard before any connection (the matrix needs no network)
  'POST /api/transfer/endpoint-scanner': {
    path: () => '/api/transfer/endpoint-scanner',
    body: () => ({ url: 'https://127.0.0.1/werkpad-matrix', method: 'GET', format: 'json', headers: [], parameters: [] }),
    ok: [400],
  },
  'GET /api/transfer/:id': { path: (t) => `/api/transfer/${t.transferId}`, target: (t) => ({ table: 'transfer_settings', id: t.transferId }) },
  'PUT /api/transfer/:id': {
    path: (t) => `/api/transfer/${t.transferId}`,
    body: (t) => t.transferForm,
    target: (t) => ({ table: 'transfer_settings', id: t.transferId }),
    touches: ['transfer_settings'],
  },
  'DELETE /api/transfer/:id': { path: (t) => `/api/transfer/${t.transferId}`, target: (t) => ({ table: 'transfer_settings', id: t.transferId }), touches: ['transfer_jobs', 'transfer_settings'] },
  'POST /api/transfer/:id/run': {
    path: (t) => `/api/transfer/${t.transferId}/run`,
    target: (t) => ({ table: 'transfer_settings', id: t.transferId }),
    touches: ['messages', 'transfer_runs', 'transfer_jobs', 'transfer_settings'],
    after: 'transfer-run',
  },
  'GET /api/transfer/:id/runs': { path: (t) => `/api/transfer/${t.transferId}/runs`, target: (t) => ({ table: 'transfer_settings', id: t.transferId }) },
  'POST /api/session/lock': { path: () => '/api/session/lock', freshSession: true },
  'GET /api/devices': { path: () => '/api/devices' },
  'POST /api/devices/current': {
    path: () => '/api/devices/current',
    headers: (t, caller) => ({ [DEVICE_HEADER]: t.callerDevices[caller] }),
    body: () => ({ unsent: 0 }),
    touches: ['devices'],
    noAudit: 'a device of the caller reports its own unsent count',
  },
  'POST /api/devices/wiped': { path: () => '/api/devices/wiped', headers: (t, caller) => ({ [DEVICE_HEADER]: t.callerDevices[caller] }), touches: ['devices'] },
  'POST /api/devices/:id/revoke': { path: (t) => `/api/devices/${t.deviceId}/revoke`, target: (t) => ({ table: 'device', id: t.deviceId }), touches: ['devices'] },
  // the auth middleware records the caller's device (x-werkpad-device) when it first sees it
  'GET /api/device/key-share': { path: () => '/api/device/key-share', headers: (t, caller) => ({ [DEVICE_HEADER]: t.callerDevices[caller] }), touches: ['devices'] },
  'GET /api/v2/graph': { path: () => `/api/v2/graph?query=${encodeURIComponent('{ me { id } }')}` },
  'POST /api/v2/graph': { path: () => '/api/v2/graph', body: () => ({ query: '{ me { id } }' }) },
  'OPTIONS /api/v2/graph': { path: () => '/api/v2/graph' },
};
