import { createFileRoute } from '@tanstack/react-router';
import { MeasurementWizard } from '../../../../../features/wage-value/measurement-wizard';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/edit/$measurementId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { measurementId } = Route.useParams();
  // key: a different measurement starts a fresh wizard.
  return <MeasurementWizard key={measurementId} mode={{ kind: 'edit', uuid: measurementId }} />;
}
