import type { Queryable } from '../db/db';
import { raw, run, sql } from '../db/sql';
import { participantsScope, usersScope, workPlansScope } from '../auth/scope';
import type { Viewer } from '../auth/viewer';
import { EFFECTIVE_ROLE_SQL } from '../auth/effective-role';
import { Role } from '../../src/domain/shared/roles';
import { refuse, type WriteOutcome } from '../sync/writes';

/**
 * Caseload transfer (02 §1; rules in docs/decisions.md "Caseload transfer"). Each function runs inside the
 * write's one transaction and locks the rows it moves, so a transfer is all or nothing.
 */
export type Seat = 'coach' | 'manager';

/** Fixed roles that may take a seat: a coach seat takes coaches, managers and administrators; a manager seat managers and administrators. */
const SEAT_ROLES: Record<Seat, number[]> = {
  coach: [Role.coach, Role.manager, Role.administrator, Role.superAdministrator, Role.developer],
  manager: [Role.manager, Role.administrator, Role.superAdministrator, Role.developer],
};

/** The old user: any user of the company in the viewer's reach (a blocked coach's caseload must be movable). */
export async function checkFrom(tx: Queryable, viewer: Viewer, fromUserId: number): Promise<WriteOutcome | null> {
  const { rows } = await run(tx, sql`SELECT 1 FROM users u WHERE u.id = ${fromUserId} AND u.deleted_at IS NULL AND ${usersScope(viewer, 'u')}`);
  return rows.length > 0 ? null : refuse('caseload.errors.fromNotFound');
}

/** The new user: a visible (not hidden, blocked or deleted) staff user of the company in reach, with a role that fits the seat. */
export async function checkTo(tx: Queryable, viewer: Viewer, toUserId: number, seat: Seat): Promise<WriteOutcome | null> {
  const { rows } = await run<{ display: number; role: number }>(
    tx,
    sql`SELECT u.display, ${raw(EFFECTIVE_ROLE_SQL)} AS role FROM users u WHERE u.id = ${toUserId} AND u.deleted_at IS NULL AND u.display <> 0 AND ${usersScope(viewer, 'u')}`,
  );
  const row = rows[0];
  if (!row) return refuse('caseload.errors.toNotFound');
  if (Number(row.display) !== 1) return refuse('caseload.errors.toInactive');
  if (!SEAT_ROLES[seat].includes(Number(row.role))) return refuse(seat === 'coach' ? 'caseload.errors.toNotCoach' : 'caseload.errors.toNotManager');
  return null;
}

export interface Moved {
  participants: number;
  workPlans: number;
  cases: number;
}

/**
 * Participants whose coach (or manager) is the old user, in the viewer's scope, optionally only the
 * selection: all selected must qualify, else nothing moves. Their unfinished work plans with the old
 * user in the same seat move along; for the manager seat their open cases too.
 */
export async function moveParticipants(tx: Queryable, viewer: Viewer, seat: Seat, fromUserId: number, toUserId: number, selection: number[] | undefined): Promise<WriteOutcome | Moved> {
  const column = seat === 'coach' ? raw('p.coach_id') : raw('p.manager_id');
  const chosen = selection ? [...new Set(selection)] : null;
  const { rows } = await run<{ id: number }>(
    tx,
    sql`SELECT p.id FROM participants p
         WHERE ${column} = ${fromUserId} AND p.deleted_at IS NULL AND ${participantsScope(viewer, 'p')}
           AND (${chosen}::bigint[] IS NULL OR p.id = ANY(${chosen}::bigint[]))
         ORDER BY p.id FOR UPDATE OF p`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (chosen && ids.length !== chosen.length) return refuse('caseload.errors.notInCaseload', { count: chosen.length - ids.length });
  if (ids.length === 0) return refuse('caseload.errors.nothingToMove');
  const set = seat === 'coach' ? raw('coach_id') : raw('manager_id');
  await run(tx, sql`UPDATE participants SET ${set} = ${toUserId} WHERE id = ANY(${ids}::bigint[])`);
  const plans = await run(
    tx,
    sql`UPDATE work_plans SET ${set} = ${toUserId}
         WHERE participant_id = ANY(${ids}::bigint[]) AND ${set} = ${fromUserId} AND status <> 'finished' AND deleted_at IS NULL RETURNING id`,
  );
  let cases = 0;
  if (seat === 'manager') {
    const moved = await run(
      tx,
      sql`UPDATE cases SET manager_id = ${toUserId}
           WHERE participant_id = ANY(${ids}::bigint[]) AND manager_id = ${fromUserId} AND status = 'open' AND deleted_at IS NULL RETURNING id`,
    );
    cases = moved.rows.length;
  }
  return { participants: ids.length, workPlans: plans.rows.length, cases };
}

/** Unfinished work plans whose manager is the old user, in the viewer's scope, optionally only the selected plans. */
export async function moveWorkPlanManager(tx: Queryable, viewer: Viewer, fromUserId: number, toUserId: number, selection: number[] | undefined): Promise<WriteOutcome | Moved> {
  const chosen = selection ? [...new Set(selection)] : null;
  const { rows } = await run<{ id: number }>(
    tx,
    sql`SELECT w.id FROM work_plans w
         WHERE w.manager_id = ${fromUserId} AND w.status <> 'finished' AND w.deleted_at IS NULL AND ${workPlansScope(viewer, 'w')}
           AND (${chosen}::bigint[] IS NULL OR w.id = ANY(${chosen}::bigint[]))
         ORDER BY w.id FOR UPDATE OF w`,
  );
  const ids = rows.map((r) => Number(r.id));
  if (chosen && ids.length !== chosen.length) return refuse('caseload.errors.notInCaseload', { count: chosen.length - ids.length });
  if (ids.length === 0) return refuse('caseload.errors.nothingToMove');
  await run(tx, sql`UPDATE work_plans SET manager_id = ${toUserId} WHERE id = ANY(${ids}::bigint[])`);
  return { participants: 0, workPlans: ids.length, cases: 0 };
}
