import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/oauth/authorization-code')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="authorizationCode" standalone />;
}
