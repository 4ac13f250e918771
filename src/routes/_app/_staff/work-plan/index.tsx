import { createFileRoute } from '@tanstack/react-router';
import { WorkPlanList } from '../../../../features/work-plans/work-plan-list';
import { parseListSearch } from '../../../../features/work-plans/route-search';

export const Route = createFileRoute('/_app/_staff/work-plan/')({
  validateSearch: parseListSearch,
  component: RouteComponent,
});

function RouteComponent() {
  return <WorkPlanList search={Route.useSearch()} />;
}
