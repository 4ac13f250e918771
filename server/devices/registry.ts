import type { Db, Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';
import { audit } from '../auth/audit';
import { forgetSession } from '../auth/session-cache';
import { DEVICE_ID, DEVICES_PAGE_SIZE, offlineCapDaysOf, type DeviceList, type DeviceListQuery, type DeviceRow } from '../../src/domain/devices/devices';
import { isAdminRole } from '../../src/domain/shared/roles';
import { DEVICE_HEADER, deleteKeyShares } from '../auth/device-key-shares';

/**
 * The device registry (issue 36; docs/decisions-offline-unlock.md, "Devices, revocation and wipe"). Every
 * request naming a device (x-werkpad-device) is checked against the revoked ones; an authenticated one also
 * records the device (user, company, user agent, last contact), at most once a minute per device and process,
 * like the session's sliding expiry. The revoked state is read in that same statement, so between two reads a
 * process answers from memory: a revocation made in this process holds at once, one made in another process
 * within a minute.
 */
const TOUCH_EVERY_MS = 60_000;
const seen = new Map<string, { at: number; revoked: boolean; key: string }>();

/** The device id a request names, when it is a well-formed one. */
export function deviceIdOf(request: Request): string | null {
  const id = request.headers.get(DEVICE_HEADER)?.toLowerCase() ?? null;
  return id && DEVICE_ID.test(id) ? id : null;
}

function remember(id: string, entry: { at: number; revoked: boolean; key: string }): void {
  if (seen.size >= 10_000) {
    for (const [key, value] of seen) if (entry.at - value.at >= TOUCH_EVERY_MS && !value.revoked) seen.delete(key);
    if (seen.size >= 10_000) seen.clear();
  }
  seen.set(id, entry);
}

/**
 * Whether the device a request names is revoked, recording its contact when the request is authenticated.
 * `viewer`: the signed-in user (the real one, never the impersonated) and the session, or null.
 */
export async function deviceRevoked(
  db: Queryable,
  id: string,
  who: { userId: number; companyId: number; sessionId: string } | null,
  userAgent: string | null,
  now: number = Date.now(),
): Promise<boolean> {
  const key = who ? `${who.companyId}:${who.userId}:${who.sessionId}` : '';
  const known = seen.get(id);
  if (known?.revoked) return true;
  if (known && now - known.at < TOUCH_EVERY_MS && now >= known.at && (known.key === key || !who)) return false;
  let revoked: boolean;
  if (who) {
    const { rows } = await db.query<{ revoked: boolean }>(
      `WITH up AS (
         INSERT INTO devices (id, company_id, user_id, user_agent, first_seen_at, last_seen_at)
         VALUES ($1, $2, $3, $4, now(), now())
         ON CONFLICT (company_id, id) DO UPDATE SET user_id = EXCLUDED.user_id, user_agent = EXCLUDED.user_agent, last_seen_at = now()
           WHERE devices.revoked_at IS NULL
         RETURNING 1
       ), s AS (
         UPDATE sessions SET device_id = $1 WHERE id = $5 AND device_id IS DISTINCT FROM $1::uuid RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM devices WHERE id = $1 AND revoked_at IS NOT NULL) AS revoked`,
      [id, who.companyId, who.userId, (userAgent ?? '').slice(0, 300), who.sessionId],
    );
    revoked = rows[0]?.revoked === true;
  } else {
    const { rows } = await db.query<{ revoked: boolean }>('SELECT EXISTS (SELECT 1 FROM devices WHERE id = $1 AND revoked_at IS NOT NULL) AS revoked', [id]);
    revoked = rows[0]?.revoked === true;
  }
  remember(id, { at: now, revoked, key });
  return revoked;
}

/** For tests: forget what this process remembers of devices. */
export function forgetDevices(): void {
  seen.clear();
}

/** The server refused a revoked device for the first time: the wipe it orders is noted in each organisation's audit log. */
export async function noteRefusal(db: Queryable, id: string, ip: string | null): Promise<void> {
  const { rows } = await db.query<{ company_id: number; user_id: number }>(
    'UPDATE devices SET refused_at = now() WHERE id = $1 AND revoked_at IS NOT NULL AND refused_at IS NULL RETURNING company_id, user_id',
    [id],
  );
  for (const row of rows) {
    await audit(db, { action: 'device.wipeOrdered', companyId: Number(row.company_id), onBehalfOfUserId: Number(row.user_id), subjectType: 'device', subjectId: id, ip });
  }
}

/** The device reports its wipe done (POST /api/devices/wiped, its header naming it): once, audited. */
export async function noteWipe(db: Queryable, id: string, ip: string | null): Promise<boolean> {
  const { rows } = await db.query<{ company_id: number; user_id: number }>(
    'UPDATE devices SET wiped_at = now() WHERE id = $1 AND revoked_at IS NOT NULL AND wiped_at IS NULL RETURNING company_id, user_id',
    [id],
  );
  for (const row of rows) {
    await audit(db, { action: 'device.wiped', companyId: Number(row.company_id), onBehalfOfUserId: Number(row.user_id), subjectType: 'device', subjectId: id, ip });
  }
  return rows.length > 0;
}

/** Records the count of unsent rows a device reports; answers the cap on offline days of the viewer's company. */
export async function reportDevice(db: Queryable, viewer: Viewer, id: string, unsent: number): Promise<{ offlineCapDays: number }> {
  const { rows } = await db.query<{ settings: Record<string, unknown> | null }>(
    `WITH up AS (
       UPDATE devices SET unsent_count = $3, unsent_reported_at = now(), last_seen_at = now()
        WHERE company_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING 1
     )
     SELECT settings FROM companies WHERE id = $1`,
    [viewer.companyId, id, unsent],
  );
  return { offlineCapDays: offlineCapDaysOf(rows[0]?.settings) };
}

/** Administrators of the company (signed in as themselves) see and revoke all its devices. */
export function mayManageCompanyDevices(viewer: Viewer): boolean {
  return viewer.chain.length === 0 && isAdminRole(viewer.roleId);
}

interface DeviceDbRow {
  id: string;
  user_id: number;
  user_name: string | null;
  user_agent: string;
  first_seen_at: Date;
  last_seen_at: Date;
  unsent_count: number | null;
  revoked_at: Date | null;
  revoked_by_name: string | null;
  wiped_at: Date | null;
  total: number;
}

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

/** The viewer's own devices, or (administrators) the company's, newest contact first, one page. */
export async function listDevices(db: Queryable, viewer: Viewer, query: DeviceListQuery, currentId: string | null): Promise<DeviceList> {
  const company = query.scope === 'company';
  const userFilter = company ? (query.userId ?? null) : viewer.userId;
  const offset = (query.page - 1) * DEVICES_PAGE_SIZE;
  const { rows } = await db.query<DeviceDbRow>(
    `SELECT d.id, d.user_id, trim(coalesce(u.given_name, '') || ' ' || coalesce(u.surname, '')) AS user_name, d.user_agent,
            d.first_seen_at, d.last_seen_at, d.unsent_count, d.revoked_at, d.wiped_at,
            trim(coalesce(r.given_name, '') || ' ' || coalesce(r.surname, '')) AS revoked_by_name,
            count(*) OVER ()::int AS total
       FROM devices d
       LEFT JOIN users u ON u.id = d.user_id AND u.company_id = d.company_id
       LEFT JOIN users r ON r.id = d.revoked_by AND r.company_id = d.company_id
      WHERE d.company_id = $1 AND ($2::bigint IS NULL OR d.user_id = $2)
      ORDER BY d.last_seen_at DESC, d.id
      LIMIT $3 OFFSET $4`,
    [viewer.companyId, userFilter, DEVICES_PAGE_SIZE, offset],
  );
  return {
    rows: rows.map(
      (row): DeviceRow => ({
        id: row.id,
        userId: Number(row.user_id),
        userName: row.user_name ?? '',
        userAgent: row.user_agent,
        firstSeenAt: iso(row.first_seen_at) ?? '',
        lastSeenAt: iso(row.last_seen_at) ?? '',
        unsentCount: row.unsent_count,
        revokedAt: iso(row.revoked_at),
        revokedByName: row.revoked_by_name || null,
        wipedAt: iso(row.wiped_at),
        current: row.id === currentId,
      }),
    ),
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize: DEVICES_PAGE_SIZE,
  };
}

export type RevokeOutcome = 'revoked' | 'not_found' | 'already_revoked';

/**
 * Revokes a device of the viewer's company: the viewer's own device, or any when the viewer administers the
 * company. Its sessions end, its key shares go, and its next contact is answered device_revoked. Audited.
 */
export async function revokeDevice(db: Db, viewer: Viewer, id: string, ip: string | null): Promise<RevokeOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RevokeOutcome> => {
    const { rows } = await tx.query<{ user_id: number; revoked_at: Date | null }>(
      'SELECT user_id, revoked_at FROM devices WHERE company_id = $1 AND id = $2 FOR UPDATE',
      [viewer.companyId, id],
    );
    const device = rows[0];
    const mine = device !== undefined && Number(device.user_id) === viewer.userId && viewer.chain.length === 0;
    if (!device || (!mine && !mayManageCompanyDevices(viewer))) return 'not_found';
    if (device.revoked_at) return 'already_revoked';
    await tx.query('UPDATE devices SET revoked_at = now(), revoked_by = $3 WHERE company_id = $1 AND id = $2', [viewer.companyId, id, viewer.realUserId]);
    const sessions = await tx.query<{ id: string }>(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'device_revoked'
        WHERE company_id = $1 AND device_id = $2 AND revoked_at IS NULL RETURNING id`,
      [viewer.companyId, id],
    );
    for (const session of sessions.rows) forgetSession(session.id);
    const shares = await deleteKeyShares(tx, id);
    await audit(tx, {
      action: 'device.revoke',
      viewer,
      onBehalfOfUserId: Number(device.user_id),
      subjectType: 'device',
      subjectId: id,
      details: { sessionsEnded: sessions.rowCount, keySharesDeleted: shares },
      ip,
    });
    return 'revoked';
  });
  if (outcome === 'revoked') remember(id, { at: Date.now(), revoked: true, key: '' });
  return outcome;
}

/** The lock of a session (POST /api/session/lock): every request of it but a new sign-in and sign-out is refused from now on. */
export async function lockSession(db: Queryable, sessionId: string): Promise<boolean> {
  forgetSession(sessionId);
  const res = await db.query('UPDATE sessions SET locked_at = now() WHERE id = $1 AND revoked_at IS NULL AND locked_at IS NULL', [sessionId]);
  return res.rowCount > 0;
}
