/**
 * The caseload transfer screen's replica reads (/administration/caseload): the staff who can hold or
 * take a seat, and what a transfer would move (participants of a coach or manager, or the unfinished
 * work plans of a manager), as the server selects them (server/caseload/transfer.ts).
 */
import type { ReplicaReader } from '../../lib/replica/replica-db';
import type { ReplicaDocument } from '../../domain/sync/types';
import { effectiveRoleKind, mayTakeSeat, seatOf, type TransferKind } from '../../domain/caseload/seats';
import type { RoleKind } from '../../domain/users/roles-policy';

const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const text = (x: unknown): string => (typeof x === 'string' ? x : '');
const live = (docs: ReplicaDocument[]) => docs.filter((d) => !d._deleted);

export interface StaffChoice {
  id: number;
  name: string;
  role: RoleKind;
  /** Visible (not blocked or hidden): only those may take a seat. */
  active: boolean;
}

/** Staff users by name with their effective role (participants and integration accounts left out). */
export async function caseloadStaff(r: ReplicaReader): Promise<StaffChoice[]> {
  const [users, roles] = await Promise.all([r.docs('users').toArray(), r.docs('aclRoles').toArray()]);
  const roleById = new Map(live(roles).map((x) => [num(x.id) ?? -1, { parentRoleId: num(x.parentRoleId), companyId: num(x.companyId) }]));
  return live(users)
    .filter((u) => num(u.id) !== null && u.display !== 0)
    .map((u) => {
      const aclRoleId = num(u.aclRoleId) ?? 0;
      const name = [text(u.givenName) || text(u.initials), text(u.surname)].filter(Boolean).join(' ') || text(u.username);
      return { id: num(u.id)!, name, role: effectiveRoleKind(aclRoleId, roleById.get(aclRoleId)), active: u.display === 1 };
    })
    .filter((u) => u.role !== 'participant' && u.role !== 'chronos')
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** Who may take the seat of this transfer: active staff with a fitting role, other than the current holder. */
export function seatCandidates(staff: readonly StaffChoice[], kind: TransferKind, fromUserId: number | null): StaffChoice[] {
  return staff.filter((u) => u.active && u.id !== fromUserId && mayTakeSeat(u.role, seatOf(kind)));
}

export interface TransferRow {
  id: number;
  label: string;
  detail: string;
}

/**
 * What the transfer moves: for a coach or caseload manager the participants with that user in the seat,
 * for the work-plan manager the unfinished plans with that manager. By name.
 */
export async function transferRows(r: ReplicaReader, kind: TransferKind, fromUserId: number): Promise<TransferRow[]> {
  if (kind === 'workPlanManager') {
    const plans = live(await r.docs('workPlans').toArray()).filter((w) => num(w.managerId) === fromUserId && w.status !== 'finished' && num(w.id) !== null);
    const people = new Map(live(await r.docs('participants').toArray()).map((p) => [num(p.id) ?? -1, p]));
    return plans
      .map((w) => {
        const p = people.get(num(w.participantId) ?? -1);
        return { id: num(w.id)!, label: text(w.name), detail: p ? [text(p.firstname), text(p.prefix), text(p.lastname)].filter(Boolean).join(' ') : '' };
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'nl') || a.id - b.id);
  }
  const field = kind === 'coach' ? 'coachId' : 'managerId';
  const [participants, projects] = await Promise.all([r.docs('participants').toArray(), r.docs('projects').toArray()]);
  const projectName = new Map(live(projects).map((x) => [num(x.id) ?? -1, text(x.name)]));
  return live(participants)
    .filter((p) => num(p[field]) === fromUserId && num(p.id) !== null)
    .map((p) => ({
      id: num(p.id)!,
      label: [text(p.lastname), [text(p.firstname), text(p.prefix)].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      detail: projectName.get(num(p.projectId) ?? -1) ?? '',
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'nl') || a.id - b.id);
}

/** Caseload transfers the server refused (still in the outbox with the reason). */
export async function refusedTransfers(r: ReplicaReader) {
  return (await r.outbox.where('status').equals('failed').toArray()).filter((row) => row.op.startsWith('caseload.'));
}
