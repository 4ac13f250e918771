import * as v from 'valibot';

/**
 * Devices (issue 36; docs/decisions-offline-unlock.md, "Devices, revocation and wipe"): each browser profile
 * that signs in, named by its random id (src/lib/device/device-id.ts). The inputs of the REST routes under
 * /api/devices, checked with these schemas by the server and the screens alike. Messages are i18n keys.
 */
export const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const DeviceIdSchema = v.pipe(v.string('devices.errors.invalid'), v.regex(DEVICE_ID, 'devices.errors.invalid'));

/** The page size of the administrator's list. */
export const DEVICES_PAGE_SIZE = 25;

/** GET /api/devices?scope=&page=&userId= */
export const DeviceListQuerySchema = v.object({
  /** own: the viewer's devices; company: the organisation's (administrators only). */
  scope: v.optional(v.picklist(['own', 'company'], 'devices.errors.invalid'), 'own'),
  page: v.optional(v.pipe(v.string('devices.errors.invalid'), v.regex(/^\d{1,6}$/, 'devices.errors.invalid'), v.transform(Number), v.minValue(1, 'devices.errors.invalid')), '1'),
  userId: v.optional(v.pipe(v.string('devices.errors.invalid'), v.regex(/^\d{1,15}$/, 'devices.errors.invalid'), v.transform(Number))),
});
export type DeviceListQuery = v.InferOutput<typeof DeviceListQuerySchema>;

/** POST /api/devices/current: what the device reports on each sync (its unsent rows, all identities together). */
export const DeviceReportSchema = v.object({
  unsent: v.pipe(v.number('devices.errors.invalid'), v.integer('devices.errors.invalid'), v.minValue(0, 'devices.errors.invalid'), v.maxValue(1_000_000, 'devices.errors.invalid')),
});
export type DeviceReport = v.InferOutput<typeof DeviceReportSchema>;

/** One device as the lists show it. */
export interface DeviceRow {
  id: string;
  userId: number;
  userName: string;
  userAgent: string;
  firstSeenAt: string;
  lastSeenAt: string;
  unsentCount: number | null;
  revokedAt: string | null;
  revokedByName: string | null;
  wipedAt: string | null;
  /** The device this answer was asked from. */
  current: boolean;
}

export interface DeviceList {
  rows: DeviceRow[];
  total: number;
  page: number;
  pageSize: number;
}

export { OFFLINE_CAP_DEFAULT_DAYS, OFFLINE_CAP_MAX_DAYS, OFFLINE_CAP_MIN_DAYS, OfflineCapDaysSchema, offlineCapDaysOf } from './offline-cap';
