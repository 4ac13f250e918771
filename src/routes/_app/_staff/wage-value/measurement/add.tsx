import { createFileRoute } from '@tanstack/react-router';
import { MeasurementWizard } from '../../../../../features/wage-value/measurement-wizard';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/add')({
  component: RouteComponent,
});

function RouteComponent() {
  return <MeasurementWizard mode={{ kind: 'add' }} />;
}
