import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardRoute } from '../../app/guards';
import { RouteNotFoundPage } from '../../features/errors/route-not-found-page';

/** Participant-only routes: staff see the 403 page. */
export const Route = createFileRoute('/_app/_participant')({
  beforeLoad: ({ location }) => guardRoute('participant', location.pathname),
  component: Outlet,
  notFoundComponent: RouteNotFoundPage,
});
