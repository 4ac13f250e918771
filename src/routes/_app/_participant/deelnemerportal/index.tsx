import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../../../features/shell/under-construction-page';

export const Route = createFileRoute('/_app/_participant/deelnemerportal/')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="standardPortal" backLink={false} />;
}
