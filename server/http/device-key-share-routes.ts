import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { authSettings } from '../auth/settings';
import { DEVICE_HEADER, keyShareFor } from '../auth/device-key-shares';
import { declare } from './route-rules';

/**
 * GET /api/device/key-share (issue 36) → {share} (base64 of 32 bytes), no-store. The device named by the
 * `x-werkpad-device` header, in a live session of the user themself (the auth middleware has refused an ended,
 * locked or half-signed-in one). 400 device_id_required without a well-formed device id, 403 impersonation_refused
 * while impersonating.
 */
export function mountDeviceKeyShare(app: Hono, db: Db, config: Config): void {
  declare(app, { db, config }, { method: 'GET', path: '/api/device/key-share', access: 'authenticated', scope: 'own' }, async (c, { viewer }) => {
    c.header('cache-control', 'no-store');
    const answer = await keyShareFor(db, authSettings(config).secretBox(), viewer, c.req.header(DEVICE_HEADER) ?? null);
    if ('refused' in answer) return c.json({ error: answer.refused }, answer.refused === 'device_id_required' ? 400 : 403);
    return c.json({ share: answer.share });
  });
}
