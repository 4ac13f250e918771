import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { restViewer } from '../http/rest-viewer';
import { clientIp } from '../http/client-ip';
import { declare } from '../http/route-rules';
import { authSettings } from '../auth/settings';
import { authenticateRequest } from '../auth/authenticate';
import { DeviceIdSchema, DeviceListQuerySchema, DeviceReportSchema } from '../../src/domain/devices/devices';
import { deviceIdOf, listDevices, lockSession, mayManageCompanyDevices, noteWipe, reportDevice, revokeDevice } from './registry';

function invalid(c: Context, issues: readonly { message: string }[]): Response {
  return c.json({ error: 'invalid_request', messageKey: issues[0]?.message ?? 'devices.errors.invalid' }, 400);
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

/**
 * Devices and locks (issue 36; docs/decisions-offline-unlock.md):
 * - POST /api/session/lock → 204: the session is locked (inactivity or an explicit lock on the device); from
 *   now on it answers 401 session_locked to everything but a new sign-in and sign-out.
 * - GET /api/devices?scope=own|company&page=&userId= → {rows,total,page,pageSize}: the viewer's devices, or
 *   (administrators of the company) the organisation's.
 * - POST /api/devices/current {unsent} → {offlineCapDays}: the device (its header) reports its unsent rows.
 * - POST /api/devices/{id}/revoke → {revoked: true} (404 not_found, 409 already_revoked): its sessions end, its key shares
 *   go, its next contact is answered device_revoked.
 * - POST /api/devices/wiped → 204: a revoked device reports its wipe done (public: it has no session left).
 */
export function mountDeviceRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  // Declared for the REST rule (issue 38); the handlers still read their session themselves.
  declare(app, deps, { method: 'POST', path: '/api/session/lock', access: 'session', scope: 'own' }, async (c) => {
    c.header('cache-control', 'no-store');
    const auth = await authenticateRequest(db, c.req.raw, authSettings(config));
    if (auth.kind === 'anonymous') return c.json({ error: 'no_current_user' }, 401);
    if (auth.kind === 'error') return c.json({ error: auth.code }, 401);
    await lockSession(db, auth.session.id);
    return c.body(null, 204);
  });

  declare(app, deps, { method: 'GET', path: '/api/devices', access: 'authenticated', scope: 'own' }, async (c) => {
    c.header('cache-control', 'no-store');
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const parsed = v.safeParse(DeviceListQuerySchema, c.req.query());
    if (!parsed.success) return invalid(c, parsed.issues);
    if (parsed.output.scope === 'company' && !mayManageCompanyDevices(viewer)) {
      return c.json({ error: 'forbidden', messageKey: 'auth.forbidden' }, 403);
    }
    return c.json(await listDevices(db, viewer, parsed.output, deviceIdOf(c.req.raw)));
  });

  declare(app, deps, { method: 'POST', path: '/api/devices/current', access: 'authenticated', scope: 'own', handlerBody: DeviceReportSchema }, async (c) => {
    c.header('cache-control', 'no-store');
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const id = deviceIdOf(c.req.raw);
    if (!id) return c.json({ error: 'invalid_request', messageKey: 'devices.errors.invalid' }, 400);
    const parsed = v.safeParse(DeviceReportSchema, await jsonBody(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    return c.json(await reportDevice(db, viewer, id, parsed.output.unsent));
  });

  declare(app, deps, { method: 'POST', path: '/api/devices/wiped', access: 'public', scope: 'none' }, async (c) => {
    c.header('cache-control', 'no-store');
    const id = deviceIdOf(c.req.raw);
    if (!id) return c.json({ error: 'invalid_request', messageKey: 'devices.errors.invalid' }, 400);
    await noteWipe(db, id, clientIp(c));
    return c.body(null, 204);
  });

  declare(app, deps, { method: 'POST', path: '/api/devices/:id/revoke', access: 'authenticated', scope: 'own' }, async (c, { params }) => {
    c.header('cache-control', 'no-store');
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const parsed = v.safeParse(DeviceIdSchema, (params.id ?? '').toLowerCase());
    if (!parsed.success) return invalid(c, parsed.issues);
    const outcome = await revokeDevice(db, viewer, parsed.output, clientIp(c));
    if (outcome === 'not_found') return c.json({ error: 'not_found', messageKey: 'devices.errors.notFound' }, 404);
    if (outcome === 'already_revoked') return c.json({ error: 'already_revoked', messageKey: 'devices.errors.alreadyRevoked' }, 409);
    return c.json({ revoked: true });
  });
}
