import { createFileRoute } from '@tanstack/react-router';
import { WorkPlanPage } from '../../../../features/work-plans/work-plan-page';

export const Route = createFileRoute('/_app/_staff/work-plan/$id/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <WorkPlanPage key={id} id={id} />;
}
