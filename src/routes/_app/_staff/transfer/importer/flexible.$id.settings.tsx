import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../../../../features/shell/under-construction-page';

export const Route = createFileRoute('/_app/_staff/transfer/importer/flexible/$id/settings')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="importerFlexibleSettings" />;
}
