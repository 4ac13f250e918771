import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import { participantsScope } from '../auth/scope';
import type { Viewer } from '../auth/viewer';
import { parseId } from '../graph/scoped';

/**
 * The participant a portal call is about: a participant viewer always means their own row (an id
 * naming someone else is refused); staff name one in their scope. Null: unknown or out of scope.
 */
export async function portalParticipant(db: Queryable, viewer: Viewer, requested: string | number | null | undefined): Promise<number | null> {
  const asked = requested === null || requested === undefined || requested === '' ? null : parseId(requested);
  if (requested !== null && requested !== undefined && requested !== '' && asked === null) return null;
  const id = viewer.participantId !== null ? viewer.participantId : asked;
  if (id === null || (viewer.participantId !== null && asked !== null && asked !== viewer.participantId)) return null;
  const { rows } = await run<{ id: number }>(db, sql`SELECT t.id FROM participants t WHERE t.id = ${id} AND t.deleted_at IS NULL AND ${participantsScope(viewer, 't')}`);
  return rows[0] ? Number(rows[0].id) : null;
}
