import { createFileRoute } from '@tanstack/react-router';
import { InstrumentList } from '../../../../features/instruments/instrument-list';
import { parseInstrumentSearch } from '../../../../features/instruments/paths';

export const Route = createFileRoute('/_app/_staff/instruments/')({
  validateSearch: parseInstrumentSearch,
  component: RouteComponent,
});

function RouteComponent() {
  return <InstrumentList search={Route.useSearch()} />;
}
