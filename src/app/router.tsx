import { createRouter } from '@tanstack/react-router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { LoadingPage } from '../features/errors/loading-page';
import { NamedErrorPage } from '../features/errors/named-error-page';
import { setApiEffects } from '../lib/api/effects';
import { routeTree } from '../routeTree.gen';
import { clearSession, lockSignedInSession, refreshSession } from '../lib/session/session-store';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: LoadingPage,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: () => <NamedErrorPage kind="http404" standalone />,
  scrollRestoration: true,
});

// The error catalogue acts through the router from the start: the background session check may
// refuse the restored session before the signed-in shell (AuthLayer) has mounted.
setApiEffects({
  clearSession,
  refreshSession: () => refreshSession(),
  navigate: (href) => router.navigate({ href }),
  lockSession: lockSignedInSession,
  // A revoked device (issue 36): loaded only when it happens.
  wipeDevice: () => import('../features/devices/wipe').then((wipe) => wipe.wipeDevice()),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
