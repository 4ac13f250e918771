import { effectiveRoleId } from '../company-settings/roles';
import { roleKind, type RoleKind } from '../users/roles-policy';

/**
 * The three caseload transfers of /administration/caseload (02 §1) and who may take each seat, as the
 * server checks it (server/caseload/transfer.ts SEAT_ROLES, docs/decisions.md "Caseload transfer").
 */
export const TRANSFER_KINDS = ['coach', 'caseloadManager', 'workPlanManager'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** The seat a transfer fills: coaches take participants as coach; the two manager transfers a manager seat. */
export function seatOf(kind: TransferKind): 'coach' | 'manager' {
  return kind === 'coach' ? 'coach' : 'manager';
}

/** Whether a user of this effective role may take the seat (a coach seat: coach, manager or administrator). */
export function mayTakeSeat(role: RoleKind, seat: 'coach' | 'manager'): boolean {
  return seat === 'coach' ? role === 'coach' || role === 'manager' || role === 'admin' : role === 'manager' || role === 'admin';
}

/** Who may transfer caseloads (caseload:manage): managers and administrators. */
export function mayTransferCaseload(role: RoleKind): boolean {
  return role === 'manager' || role === 'admin';
}

/** The effective role of a user's acl role (fixed roles as they are, a company's role as its parent), as the server reads it. */
export function effectiveRoleKind(aclRoleId: number, role: { parentRoleId: number | null; companyId: number | null } | undefined): RoleKind {
  return roleKind(effectiveRoleId({ id: aclRoleId, parentRoleId: role?.parentRoleId ?? null, companyId: role?.companyId ?? null }));
}
