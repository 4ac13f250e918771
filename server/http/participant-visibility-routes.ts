import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { setParticipantVisibility } from '../graph/types/participant';
import { clientIp } from './client-ip';
import { restViewer } from './rest-viewer';

/**
 * POST /api/default/admin/deelnemervisibility/id/{id}/format/json/setvisibility/{show|hide} (01 §7): the
 * legacy hide/unhide toggle. Same rules and answer as the graph mutation setParticipantVisibility.
 */
export function mountParticipantVisibility(app: Hono, db: Db, config: Config): void {
  app.post('/api/default/admin/deelnemervisibility/id/:id/format/json/setvisibility/:mode', async (c) => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const mode = c.req.param('mode');
    if (mode !== 'show' && mode !== 'hide') return c.json({ success: false, reason: 'reasons.unknownVisibility' }, 400);
    const result = await setParticipantVisibility(db, { viewer, ip: clientIp(c) }, c.req.param('id'), mode === 'show');
    return c.json(result, result.success ? 200 : 404);
  });
}
