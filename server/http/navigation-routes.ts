import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';
import { can, loadViewerFlags } from '../auth/permissions';
import { allowedMenu, participantMenuFor, staffMenu } from '../../src/domain/navigation/menu-permissions';
import type { NavigationAnswer } from '../../src/domain/navigation/menu-types';
import { isRegistrationStatus } from '../../src/domain/shared/participant-status';
import { Role } from '../../src/domain/shared/roles';
import { mountParticipantVisibility } from './participant-visibility-routes';
import { declare } from './route-rules';

/** The menu a viewer may see: staff or participant portal, filtered by privileges and company switches. */
export async function navigationFor(db: Db, viewer: Viewer): Promise<NavigationAnswer> {
  const { rows } = await db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM companies WHERE id = $1', [viewer.companyId]);
  const settings = rows[0]?.settings ?? {};
  const flags = await loadViewerFlags(db, viewer);
  const allowed = (privilege: string, resource: string) => can(viewer, privilege, resource, flags);
  if (viewer.roleId !== Role.participant) return allowedMenu(staffMenu, settings, allowed);
  if (viewer.participantId === null) return { items: [] };
  const status = await db.query<{ status_id: number }>('SELECT status_id FROM participants WHERE id = $1', [viewer.participantId]);
  // registration and registered participants are confined to the registration area: no menu (01 §2)
  if (isRegistrationStatus(status.rows[0]?.status_id)) return { items: [] };
  return allowedMenu(participantMenuFor(settings.participantPortalVersion), settings, allowed);
}

/** GET /api/navigation: the menu tree the signed-in user may see (01 §2, §6). */
export function mountNavigation(app: Hono, db: Db, config: Config): void {
  declare(app, { db, config }, { method: 'GET', path: '/api/navigation', access: 'authenticated', scope: 'own' }, async (c, { viewer }) => {
    c.header('cache-control', 'no-store');
    return c.json(await navigationFor(db, viewer));
  });
  // The legacy participant visibility toggle is REST of the same area (participants menu): mounted here.
  mountParticipantVisibility(app, db, config);
}
