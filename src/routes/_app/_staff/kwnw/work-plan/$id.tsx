import { createFileRoute } from '@tanstack/react-router';
import { KwnwFrame } from '../../../../../features/instruments/kwnw';
import { WorkPlanPage } from '../../../../../features/work-plans/work-plan-page';
import { PlanInstruments } from '../../../../../features/instruments/participant-instruments';

export const Route = createFileRoute('/_app/_staff/kwnw/work-plan/$id')({
  component: RouteComponent,
});

/** A work plan on the route to work: the work-plan screen inside KWNW. */
function RouteComponent() {
  const { id } = Route.useParams();
  return (
    <KwnwFrame part="workPlans" ownHeading>
      <WorkPlanPage key={id} id={id} />
      <PlanInstruments planKey={id} />
    </KwnwFrame>
  );
}
