import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/login/verify/{-$request}')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="mfaVerify" standalone />;
}
