import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guards';
import { RouteNotFoundPage } from '../../../features/errors/route-not-found-page';
import { RegistrationScreen } from '../../../features/portal/registration/registration-screen';

/** The registration area: the only place of registration and registered participants. */
export const Route = createFileRoute('/_app/inschrijven/home')({
  beforeLoad: ({ location }) => guardRoute('registration', location.pathname),
  component: RouteComponent,
  notFoundComponent: RouteNotFoundPage,
});

function RouteComponent() {
  return <RegistrationScreen />;
}
