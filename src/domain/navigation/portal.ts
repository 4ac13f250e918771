import type { AccessUser } from './access';
import { isConfinedToRegistration, isParticipantUser, REGISTRATION_HOME } from './access';

/** The two participant portals of 01 §2: the newer /participant-portal and the standard Dutch paths. */
export type PortalKind = 'newer' | 'standard';

/**
 * participantPortalVersion (standard, government, development_companies, education) to portal:
 * the standard version keeps the older Dutch paths, the sector versions use the newer portal.
 */
export function portalKindFor(version: string | null | undefined): PortalKind {
  return version === 'standard' || !version ? 'standard' : 'newer';
}

export function participantHomePath(kind: PortalKind): string {
  return kind === 'newer' ? '/participant-portal' : '/deelnemerportal';
}

/** Where `/` leads: null for staff (their home), the portal home for participants. */
export function homeRedirectFor(user: AccessUser, kind: PortalKind): string | null {
  if (isConfinedToRegistration(user)) return REGISTRATION_HOME;
  return isParticipantUser(user) ? participantHomePath(kind) : null;
}
