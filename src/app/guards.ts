import { notFound, redirect } from '@tanstack/react-router';
import { decideAccess, pathWithoutQuery } from '../domain/navigation/access';
import type { RouteArea } from '../domain/navigation/access';
import { homeRedirectFor, portalKindFor, portalRedirectFor } from '../domain/navigation/portal';
import { FORBIDDEN } from '../features/errors/forbidden';
import { loadTexts } from '../i18n/i18n';
import { ensureSession, sessionNeedsServer, sessionStore } from '../lib/session/session-store';

/**
 * `beforeLoad` of the guarded layouts: resolves the session (and loads every area's texts, see
 * loadTexts), then applies the access rules of src/domain/navigation/access.ts — sign in,
 * confinement to registration, or the 403 page (a not-found carrying FORBIDDEN, rendered by the
 * layout's RouteNotFoundPage).
 */
export async function guardRoute(area: RouteArea, pathname: string): Promise<void> {
  // Every area's texts load beside the session when the session has to be asked of the server, so
  // the screen never renders raw keys. Only a route that renders waits for them: a redirect (to Login,
  // or the offline unlock after a restart) goes at once. When the session is known without the server
  // (stored in this tab, or no connection at all) the texts start only for a route that renders: the
  // offline start's way to the unlock form does not fetch and parse them first (issue 25); the unlock
  // form loads them once it is on screen (warm-start.ts).
  const early = sessionNeedsServer() ? loadTexts() : null;
  const session = await ensureSession();
  const decision = decideAccess(session, area, pathname);
  if (decision.kind !== 'allow') early?.catch(() => undefined);
  switch (decision.kind) {
    case 'allow': {
      await (early ?? loadTexts());
      // The company's portal version decides which portal a participant's routes belong to (issue 20).
      const user = session.status === 'signed-in' ? session.user : null;
      const portal = user && area === 'participant' ? portalRedirectFor(user, portalKindFor(sessionStore.company?.participantPortalVersion), pathWithoutQuery(pathname)) : null;
      if (portal) throw redirect({ href: portal });
      return;
    }
    case 'login':
      throw redirect({ to: '/login/{-$request}', params: { request: undefined }, search: { redirect_uri: decision.redirectUri } });
    case 'redirect':
      throw redirect({ href: decision.to });
    case 'forbidden':
      throw notFound({ data: FORBIDDEN });
  }
}

/** `beforeLoad` of `/`: participants go to their portal's home, confined ones to registration. */
export function redirectHome(): void {
  const user = sessionStore.user;
  if (!user) return;
  const target = homeRedirectFor(user, portalKindFor(sessionStore.company?.participantPortalVersion));
  if (target) throw redirect({ href: target });
}
