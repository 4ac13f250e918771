import { createFileRoute } from '@tanstack/react-router';
import { guardRoute } from '../../../app/guards';
import { RouteNotFoundPage } from '../../../features/errors/route-not-found-page';
import { UnderConstructionPage } from '../../../features/shell/under-construction-page';

/** The registration area: the only place of registration and registered participants. */
export const Route = createFileRoute('/_app/inschrijven/home')({
  beforeLoad: ({ location }) => guardRoute('registration', location.pathname),
  component: RouteComponent,
  notFoundComponent: RouteNotFoundPage,
});

function RouteComponent() {
  return <UnderConstructionPage screen="registrationHome" backLink={false} />;
}
