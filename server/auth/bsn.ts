import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import { can } from './permissions';
import { participantsScope } from './scope';
import type { Viewer } from './viewer';
import { audit } from './audit';
import { isValidBsn, maskBsn } from '../../src/domain/participants/participant-input';

/**
 * The BSN (issue 20): masked to its last three digits in every answer, replica, export and report; the
 * whole number only through an explicit, logged action of a role that may see it (those who edit
 * participants: administrators and case managers). Searching by BSN is such an action too: the whole
 * number only (no part, no list filter), logged with the participant found, and throttled per user so
 * it cannot be used to walk the number space.
 */

/** May the viewer see whole BSNs (reveal, search, print, export)? */
export function mayRevealBsn(viewer: Viewer): boolean {
  return can(viewer, 'edit', 'participants');
}

/** Searches per real user within BSN_SEARCH_WINDOW_MINUTES. */
export const BSN_SEARCH_LIMIT = 20;
export const BSN_SEARCH_WINDOW_MINUTES = 60;

export type BsnSearchAnswer =
  | { kind: 'found'; participantId: number }
  | { kind: 'none' }
  | { kind: 'forbidden' }
  | { kind: 'invalid' }
  | { kind: 'throttled'; retryAfterMinutes: number };

/** Any fixed number: the advisory lock class of the per-user search counter. */
const SEARCH_LOCK = 727_020;

/**
 * Finds the participant in the viewer's scope with exactly this BSN. Every attempt is logged
 * (`participant.bsn.search`, with the participant found or none); more than BSN_SEARCH_LIMIT attempts
 * of one real user within the window are refused (and that refusal logged) without looking.
 * The caller passes a transaction, so concurrent attempts of one user are counted one after the other.
 */
export async function searchByBsn(tx: Queryable, viewer: Viewer, input: string, ip: string | null): Promise<BsnSearchAnswer> {
  if (!mayRevealBsn(viewer)) {
    await audit(tx, { viewer, action: 'participant.bsn.search', result: 'refused', details: { reason: 'forbidden' }, ip });
    return { kind: 'forbidden' };
  }
  const bsn = input.replace(/[\s.-]/g, '');
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SEARCH_LOCK, viewer.realUserId]);
  const { rows: counted } = await run<{ n: number; oldest: Date | null }>(tx, sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM audit_log
    WHERE user_id = ${viewer.realUserId} AND action = 'participant.bsn.search' AND result <> 'refused'
      AND created_at > now() - make_interval(mins => ${BSN_SEARCH_WINDOW_MINUTES})`);
  const n = counted[0]?.n ?? 0;
  if (n >= BSN_SEARCH_LIMIT) {
    const oldest = counted[0]?.oldest ? new Date(counted[0].oldest).getTime() : Date.now();
    const retryAfterMinutes = Math.max(1, Math.ceil((oldest + BSN_SEARCH_WINDOW_MINUTES * 60_000 - Date.now()) / 60_000));
    await audit(tx, { viewer, action: 'participant.bsn.search', result: 'refused', details: { reason: 'throttled' }, ip });
    return { kind: 'throttled', retryAfterMinutes };
  }
  if (!/^\d{9}$/.test(bsn) || !isValidBsn(bsn)) {
    // A wrong number counts too: guessing is what the limit is for.
    await audit(tx, { viewer, action: 'participant.bsn.search', result: 'failure', details: { reason: 'invalid' }, ip });
    return { kind: 'invalid' };
  }
  const { rows } = await run<{ id: number }>(tx, sql`SELECT t.id FROM participants t
    WHERE t.bsn = ${bsn} AND t.deleted_at IS NULL AND t.company_id = ${viewer.companyId} AND ${participantsScope(viewer, 't')}
    ORDER BY t.id LIMIT 1`);
  const found = rows[0] ? Number(rows[0].id) : null;
  await audit(tx, {
    viewer, action: 'participant.bsn.search', subjectType: found === null ? null : 'participant', subjectId: found,
    details: { found: found !== null, bsn: maskBsn(bsn) }, ip,
  });
  return found === null ? { kind: 'none' } : { kind: 'found', participantId: found };
}
