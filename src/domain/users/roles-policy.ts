import { Role } from '../shared/roles';

/**
 * How the server reads a role for permissions (docs/decisions-authz.md):
 * - company administrators: administrator 7, superAdministrator 1, developer 10; all are bound to their own company;
 * - caseload staff: manager 3, coach 4, platformUser 12 see the participants assigned to them
 *   (or all of their project/company with accessToAllParticipants);
 * - chronos 11 is the integration account (imports/exports): read-only over its company;
 * - participant 2 sees only their own data.
 * Unknown ids (a company's own roles) are read as their parent role by the session; failing that
 * they get the least: platformUser.
 */
export type RoleKind = 'admin' | 'manager' | 'coach' | 'platformUser' | 'chronos' | 'participant';

export function roleKind(roleId: number): RoleKind {
  switch (roleId) {
    case Role.administrator:
    case Role.superAdministrator:
    case Role.developer:
      return 'admin';
    case Role.manager:
      return 'manager';
    case Role.coach:
      return 'coach';
    case Role.chronos:
      return 'chronos';
    case Role.participant:
      return 'participant';
    default:
      return 'platformUser';
  }
}

/** Roles an administrator may hand out when adding a user (superAdministrator, developer and chronos are not selectable). */
export const ASSIGNABLE_ROLE_IDS: readonly number[] = [Role.participant, Role.manager, Role.coach, Role.administrator, Role.platformUser];
