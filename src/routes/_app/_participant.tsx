import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardRoute } from '../../app/guards';

/** Participant-only routes: staff see the 403 page. */
export const Route = createFileRoute('/_app/_participant')({
  beforeLoad: ({ location }) => guardRoute('participant', location.pathname),
  component: Outlet,
});
