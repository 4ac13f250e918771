import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';

/** Maintenance mode: WERKPAD_MAINTENANCE=1, or the system_flags row 'maintenance' (switchable without a restart, for every process). */
export async function maintenanceEnabled(db: Queryable, settings: AuthSettings): Promise<boolean> {
  if (settings.maintenance) return true;
  const { rows } = await db.query<{ enabled: boolean }>("SELECT enabled FROM system_flags WHERE name = 'maintenance'");
  return rows[0]?.enabled ?? false;
}

export async function setMaintenance(db: Queryable, enabled: boolean): Promise<void> {
  await db.query(
    `INSERT INTO system_flags (name, enabled, updated_at) VALUES ('maintenance', $1, now())
     ON CONFLICT (name) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
    [enabled],
  );
}
