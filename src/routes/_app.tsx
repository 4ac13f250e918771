import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardRoute } from '../app/guards';
import { SignedInLayout } from '../app/signed-in-layout';

/** Every signed-in route: a session is required (else Login with redirect_uri), inside the shell. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => guardRoute('general', location.pathname),
  component: RouteComponent,
});

function RouteComponent() {
  return (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  );
}
