import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardRoute } from '../../app/guards';
import { RouteNotFoundPage } from '../../features/errors/route-not-found-page';

/** Staff routes: participants see the 403 page. */
export const Route = createFileRoute('/_app/_staff')({
  beforeLoad: ({ location }) => guardRoute('staff', location.pathname),
  component: Outlet,
  notFoundComponent: RouteNotFoundPage,
});
