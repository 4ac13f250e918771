import { createFileRoute } from '@tanstack/react-router';
import { PlanNotesPage } from '../../../../../../features/wage-value/plan-notes-page';

export const Route = createFileRoute('/_app/_staff/wage-value/measurement/planning/$id/notes')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <PlanNotesPage planKey={id} />;
}
