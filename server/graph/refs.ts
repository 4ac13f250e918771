import { builder } from './builder';
import type { AclRoleRow, CompanyRow, InvitationRow, ParticipantRow, ProjectRow, UserRow } from './rows';

/**
 * The object types of the authorisation area, declared once so the type files (one per type, under
 * ./types) can point at each other without import cycles. Each is implemented in its own file.
 */
export const Company = builder.objectRef<CompanyRow>('Company');
export const Project = builder.objectRef<ProjectRow>('Project');
export const User = builder.objectRef<UserRow>('User');
export const Participant = builder.objectRef<ParticipantRow>('Participant');
export const Invitation = builder.objectRef<InvitationRow>('Invitation');
export const AclRole = builder.objectRef<AclRoleRow>('AclRole');

export interface StatusShape {
  id: number;
  name: string;
  label: string;
  companyId: number;
}
export const Status = builder.objectRef<StatusShape>('Status');
