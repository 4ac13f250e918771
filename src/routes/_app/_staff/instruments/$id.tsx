import { createFileRoute } from '@tanstack/react-router';
import { InstrumentFormPage } from '../../../../features/instruments/instrument-form';

export const Route = createFileRoute('/_app/_staff/instruments/$id')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <InstrumentFormPage key={id} id={id} />;
}
