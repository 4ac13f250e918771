import { isStaffRole, Role } from '../shared/roles';
import { isRegistrationStatus } from '../shared/participant-status';

/** Which part of the route tree a route belongs to (01 §2, §6). */
export type RouteArea = 'public' | 'general' | 'staff' | 'participant' | 'registration';

export type SessionStatus = 'unknown' | 'anonymous' | 'signed-in';

/** The little the access rules need to know about the signed-in user. */
export interface AccessUser {
  roleId: number;
  participantId: number | null;
  participantStatusId: number | null;
}

export interface AccessSession {
  status: SessionStatus;
  user: AccessUser | null;
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'login'; redirectUri: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' };

export const REGISTRATION_HOME = '/inschrijven/home';
/** Routes a confined (registration) participant may still open: the registration area and sign-out. */
const REGISTRATION_ALLOWED = new Set([REGISTRATION_HOME, '/user/logout']);

/** A participant is a role-2 user with a linked participant (01 §6). */
export function isParticipantUser(user: AccessUser): boolean {
  return user.roleId === Role.participant && user.participantId !== null;
}

/** Registration and registered participants are confined to the registration area (01 §2, §4). */
export function isConfinedToRegistration(user: AccessUser): boolean {
  return user.roleId === Role.participant && isRegistrationStatus(user.participantStatusId);
}

/** The path of a location without its query string or fragment, as the login redirect_uri holds it. */
export function pathWithoutQuery(href: string): string {
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  return path === '' ? '/' : path;
}

/**
 * Decides what happens when `pathname` (a route of `area`) is opened in `session`.
 * A session whose status is still unknown counts as anonymous: callers resolve it first.
 */
export function decideAccess(session: AccessSession, area: RouteArea, pathname: string): AccessDecision {
  if (area === 'public') return { kind: 'allow' };
  const user = session.status === 'signed-in' ? session.user : null;
  if (!user) return { kind: 'login', redirectUri: pathWithoutQuery(pathname) };

  const path = pathWithoutQuery(pathname);
  if (isConfinedToRegistration(user)) {
    return REGISTRATION_ALLOWED.has(path) ? { kind: 'allow' } : { kind: 'redirect', to: REGISTRATION_HOME };
  }

  switch (area) {
    case 'general':
      return { kind: 'allow' };
    case 'registration':
      return { kind: 'forbidden' };
    case 'staff':
      return isStaffRole(user.roleId) ? { kind: 'allow' } : { kind: 'forbidden' };
    case 'participant':
      return isParticipantUser(user) ? { kind: 'allow' } : { kind: 'forbidden' };
  }
}

/**
 * Where a successful sign-in continues: the redirect_uri when it is a path of this site,
 * otherwise home. Rejects absolute and protocol-relative addresses (open redirects).
 */
export function safeRedirectTarget(redirectUri: string | null | undefined): string {
  if (!redirectUri || !redirectUri.startsWith('/') || redirectUri.startsWith('//') || redirectUri.startsWith('/\\')) {
    return '/';
  }
  if (redirectUri.startsWith('/login') || redirectUri === '/user/logout') return '/';
  return redirectUri;
}
