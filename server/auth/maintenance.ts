import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';

/**
 * How long a process trusts the flag it read (issue 9: every /api request asked the database).
 * Switching maintenance on reaches the other processes within this time; this process at once.
 */
export const MAINTENANCE_CACHE_MS = 1_000;
let cached = new WeakMap<Queryable, { at: number; value: Promise<boolean> }>();

/** Maintenance mode: WERKPAD_MAINTENANCE=1, or the system_flags row 'maintenance' (switchable without a restart, for every process). */
export async function maintenanceEnabled(db: Queryable, settings: AuthSettings): Promise<boolean> {
  if (settings.maintenance) return true;
  const now = Date.now();
  const hit = cached.get(db);
  if (hit && now - hit.at < MAINTENANCE_CACHE_MS && now >= hit.at) return hit.value;
  const value = db
    .query<{ enabled: boolean }>("SELECT enabled FROM system_flags WHERE name = 'maintenance'")
    .then(({ rows }) => rows[0]?.enabled ?? false);
  // A failed read is not remembered: the next request asks again.
  value.catch(() => {
    if (cached.get(db)?.value === value) cached.delete(db);
  });
  cached.set(db, { at: now, value });
  return value;
}

export async function setMaintenance(db: Queryable, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO system_flags (name, enabled, updated_at) VALUES ('maintenance', $1, now())
     ON CONFLICT (name) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [enabled],
  );
  // Every handle of this process sees the switch at once (a transaction's handle is not the app's).
  cached = new WeakMap();
}
