import { createRouter } from '@tanstack/react-router';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { LoadingPage } from '../features/errors/loading-page';
import { NamedErrorPage } from '../features/errors/named-error-page';
import { routeTree } from '../routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultPendingComponent: LoadingPage,
  defaultPendingMs: 300,
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: () => <NamedErrorPage kind="http404" standalone />,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
