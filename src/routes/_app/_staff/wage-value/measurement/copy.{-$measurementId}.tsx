import { createFileRoute } from '@tanstack/react-router';
import { MeasurementWizard } from '../../../../../features/wage-value/measurement-wizard';
import { CopyChooser } from '../../../../../features/wage-value/copy-chooser';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/copy/{-$measurementId}')({
  component: RouteComponent,
});

function RouteComponent() {
  const { measurementId } = Route.useParams();
  return measurementId ? <MeasurementWizard key={measurementId} mode={{ kind: 'copy', fromUuid: measurementId }} /> : <CopyChooser />;
}
