/**
 * Who is asking: the signed-in user, or the user they act as while impersonating.
 * Every permission decision on the server starts from a Viewer (see server/auth/scope.ts).
 */
export interface Viewer {
  /** The effective user (the last one in the impersonation chain). */
  userId: number;
  companyId: number;
  projectId: number | null;
  roleId: number;
  accessToAllParticipants: boolean;
  /** Set when the effective user is a participant (role 2). */
  participantId: number | null;
  /** The participant's status (issue 20: Aanmelding and Registered confine to the registration area). */
  participantStatusId?: number | null;
  /** The user who really signed in. */
  realUserId: number;
  /** Users impersonated, in order; empty when not impersonating. */
  chain: number[];
  sessionId: string;
}
