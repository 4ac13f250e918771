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

/**
 * Which portal a participant route belongs to (01 §2): /participant-portal… is the newer portal's,
 * /deelnemerportal… the standard one's. Null for the short forms both use (/my-profile, /my-settings, …,
 * the standard portal links them too), messages and sign-out.
 */
export function portalKindOfPath(path: string): PortalKind | null {
  if (path === '/deelnemerportal' || path.startsWith('/deelnemerportal/')) return 'standard';
  if (path === '/participant-portal' || path.startsWith('/participant-portal/')) return 'newer';
  return null;
}

/**
 * The company's portal version decides which portal routes a participant opens (issue 20): a route of the
 * other portal leads to the participant's own portal home. Null: the route may open.
 */
export function portalRedirectFor(user: AccessUser, kind: PortalKind, path: string): string | null {
  if (!isParticipantUser(user)) return null;
  const routeKind = portalKindOfPath(path);
  return routeKind !== null && routeKind !== kind ? participantHomePath(kind) : null;
}
