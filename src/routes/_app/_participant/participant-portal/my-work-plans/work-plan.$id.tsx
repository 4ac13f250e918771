import { createFileRoute } from '@tanstack/react-router';
import { MyWorkPlan } from '../../../../../features/work-plans/my-work-plan';
import { newerPortal } from '../../../../../features/work-plans/paths';

const paths = newerPortal('/participant-portal/my-work-plans');

export const Route = createFileRoute('/_app/_participant/participant-portal/my-work-plans/work-plan/$id')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <MyWorkPlan key={id} id={id} paths={paths} />;
}
