import { createFileRoute } from '@tanstack/react-router';
import { InstrumentFormPage } from '../../../../features/instruments/instrument-form';

export const Route = createFileRoute('/_app/_staff/instruments/add')({
  component: RouteComponent,
});

function RouteComponent() {
  return <InstrumentFormPage />;
}
