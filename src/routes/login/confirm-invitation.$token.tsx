import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/login/confirm-invitation/$token')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="confirmInvitation" standalone />;
}
