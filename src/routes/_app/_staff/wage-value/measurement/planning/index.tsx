import { createFileRoute } from '@tanstack/react-router';
import { PlanningPage } from '../../../../../../features/wage-value/planning-page';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/planning/')({
  component: RouteComponent,
});

function RouteComponent() {
  return <PlanningPage />;
}
