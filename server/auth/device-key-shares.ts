import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import type { SecretBox } from './secret-box';
import type { Viewer } from './viewer';

/**
 * The device key share (issue 36, docs/decisions-offline-unlock.md "The key hierarchy"): one random 32-byte share per
 * (device id, user), handed only to that device's live session of the user themself (not while impersonating). The
 * device keeps each identity's data key wrapped by it, so a reload or restart online with a live session opens the
 * encrypted replica without the password. Stored sealed by the installation's secret box.
 */
/** The header every request of the app names its device in (the client's src/lib/device/device-id.ts DEVICE_HEADER). */
export const DEVICE_HEADER = 'x-werkpad-device';
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type KeyShareRefusal = 'device_id_required' | 'impersonation_refused';

export function isDeviceId(value: string | null | undefined): value is string {
  return typeof value === 'string' && DEVICE_ID.test(value);
}

/**
 * The share of (device, viewer), made on the first ask. Refused without a well-formed device id and while
 * impersonating (the share belongs to the person who signed in on the device, and the chain is not theirs).
 */
export async function keyShareFor(db: Db, box: SecretBox, viewer: Viewer, deviceId: string | null | undefined): Promise<{ share: string } | { refused: KeyShareRefusal }> {
  if (!isDeviceId(deviceId)) return { refused: 'device_id_required' };
  if (viewer.chain.length > 0 || viewer.realUserId !== viewer.userId) return { refused: 'impersonation_refused' };
  const made = randomBytes(32).toString('base64');
  const fresh = box.encrypt(made);
  await run(
    db,
    sql`INSERT INTO device_key_shares (company_id, device_id, user_id, share) VALUES (${viewer.companyId}, ${deviceId}, ${viewer.userId}, ${fresh})
        ON CONFLICT (device_id, user_id, company_id) DO NOTHING`,
  );
  const row = (
    await run<{ share: string }>(
      db,
      sql`UPDATE device_key_shares SET last_handed_at = now()
          WHERE device_id = ${deviceId} AND user_id = ${viewer.userId} AND company_id = ${viewer.companyId} RETURNING share`,
    )
  ).rows[0];
  const share = row ? box.decrypt(row.share) : null;
  if (share !== null) return { share };
  // Sealed by a key the installation no longer has: a new share (the device re-wraps; its old wrap no longer opens).
  await run(db, sql`UPDATE device_key_shares SET share = ${fresh}, created_at = now() WHERE device_id = ${deviceId} AND user_id = ${viewer.userId} AND company_id = ${viewer.companyId}`);
  return { share: made };
}

/** Deletes every share of a device (it was revoked: its wrapped keys no longer open online). Returns how many. */
export async function deleteKeyShares(db: Queryable, deviceId: string): Promise<number> {
  if (!isDeviceId(deviceId)) return 0;
  const result = await run(db, sql`DELETE FROM device_key_shares WHERE device_id = ${deviceId}`);
  return result.rowCount;
}
