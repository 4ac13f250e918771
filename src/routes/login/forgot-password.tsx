import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/login/forgot-password')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="forgotPassword" standalone />;
}
