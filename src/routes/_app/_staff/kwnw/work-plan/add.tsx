import { createFileRoute } from '@tanstack/react-router';
import { KwnwFrame, KwnwWorkPlans } from '../../../../../features/instruments/kwnw';
import { AddPlanForm } from '../../../../../features/work-plans/add-plan-form';
import { paths, parseParticipantSearch } from '../../../../../features/instruments/paths';

export const Route = createFileRoute('/_app/_staff/kwnw/work-plan/add')({
  validateSearch: parseParticipantSearch,
  component: RouteComponent,
});

/** The participant's work plans and a new one (the work-plan form), staying inside KWNW. */
function RouteComponent() {
  const { participant } = Route.useSearch();
  return (
    <KwnwFrame key={participant ?? 0} part="workPlans" participantId={participant}>
      {participant && <KwnwWorkPlans participantId={participant} />}
      <AddPlanForm participantId={participant} planHref={paths.kwnwWorkPlan} nested />
    </KwnwFrame>
  );
}
