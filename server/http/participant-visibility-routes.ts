import type { Hono } from 'hono';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { setParticipantVisibility } from '../graph/types/participant';
import { clientIp } from './client-ip';
import { declare, inScope } from './route-rules';

/**
 * POST /api/default/admin/deelnemervisibility/id/{id}/format/json/setvisibility/{show|hide} (01 §7): the
 * legacy hide/unhide toggle. Same rules and answer as the graph mutation setParticipantVisibility.
 */
export function mountParticipantVisibility(app: Hono, db: Db, config: Config): void {
  const rule = {
    method: 'POST',
    path: '/api/default/admin/deelnemervisibility/id/:id/format/json/setvisibility/:mode',
    access: { privilege: 'hide', resource: 'participants' },
    scope: 'caseload',
    load: inScope<{ id: number }>('participants'),
  } as const;
  declare(app, { db, config }, rule, async (c, { viewer, object, params }) => {
    const mode = params.mode;
    if (mode !== 'show' && mode !== 'hide') return c.json({ success: false, reason: 'reasons.unknownVisibility' }, 400);
    // setParticipantVisibility loads the participant in scope again, in its own transaction, and writes the audit row.
    const result = await setParticipantVisibility(db, { viewer, ip: clientIp(c) }, String(object.id), mode === 'show');
    return c.json(result, result.success ? 200 : 404);
  });
}
