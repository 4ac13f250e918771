import { createFileRoute } from '@tanstack/react-router';
import { EndPlanForm } from '../../../../features/work-plans/end-plan-form';

export const Route = createFileRoute('/_app/_staff/work-plan/$id/end')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <EndPlanForm key={id} id={id} />;
}
