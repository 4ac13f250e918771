import { createFileRoute } from '@tanstack/react-router';
import { WorkPlanPage } from '../../../../features/work-plans/work-plan-page';
import { PlanInstruments } from '../../../../features/instruments/participant-instruments';

export const Route = createFileRoute('/_app/_staff/work-plan/$id/')({
  component: RouteComponent,
});

/** The work plan, with the instruments its participant is linked to below it (issue 23). */
function RouteComponent() {
  const { id } = Route.useParams();
  return (
    <>
      <WorkPlanPage key={id} id={id} />
      <PlanInstruments planKey={id} />
    </>
  );
}
