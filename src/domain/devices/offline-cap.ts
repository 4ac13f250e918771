import * as v from 'valibot';

/** The company setting "maximum days a device may stay offline" (offlineCapDays). */
export const OFFLINE_CAP_DEFAULT_DAYS = 14;
export const OFFLINE_CAP_MIN_DAYS = 1;
export const OFFLINE_CAP_MAX_DAYS = 365;

export const OfflineCapDaysSchema = v.pipe(
  v.number('admin.errors.settings.offlineCapDays'),
  v.integer('admin.errors.settings.offlineCapDays'),
  v.minValue(OFFLINE_CAP_MIN_DAYS, 'admin.errors.settings.offlineCapDays'),
  v.maxValue(OFFLINE_CAP_MAX_DAYS, 'admin.errors.settings.offlineCapDays'),
);

/** The cap a company's settings object holds (the default when unset or out of range). */
export function offlineCapDaysOf(settings: Record<string, unknown> | null | undefined): number {
  const value = settings?.offlineCapDays;
  return v.is(OfflineCapDaysSchema, value) ? value : OFFLINE_CAP_DEFAULT_DAYS;
}
