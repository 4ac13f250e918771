import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../features/shell/under-construction-page';

export const Route = createFileRoute('/cms/privacybeleid')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="privacy" standalone />;
}
