import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../../../features/shell/under-construction-page';

export const Route = createFileRoute('/_app/_participant/participant-portal/')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="participantPortal" backLink={false} />;
}
