import { createFileRoute } from '@tanstack/react-router';
import { MeasurementSearch } from '../../../../../features/wage-value/measurement-search';
import { parseSearch } from '../../../../../features/wage-value/measurement-list';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/search')({
  validateSearch: parseSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MeasurementSearch search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
}
