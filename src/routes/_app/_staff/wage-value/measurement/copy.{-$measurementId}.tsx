import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../../../../features/shell/under-construction-page';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/copy/{-$measurementId}')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UnderConstructionPage screen="wageValueCopy" />;
}
