import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/cms/disclaimer')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="disclaimer" standalone />;
}
