import { createFileRoute } from '@tanstack/react-router';
import { KwnwFrame, KwnwParticipants, KwnwPlan } from '../../../../features/instruments/kwnw';

export const Route = createFileRoute('/_app/_staff/kwnw/plan/{-$open}')({
  component: RouteComponent,
});

/** `open`: the participant whose plan of approach is edited; without it, the participants to choose from. */
function RouteComponent() {
  const { open } = Route.useParams();
  const id = open && /^\d{1,15}$/.test(open) ? Number(open) : undefined;
  return (
    <KwnwFrame key={id ?? 0} part="plan" participantId={id}>
      {id ? <KwnwPlan participantId={id} /> : <KwnwParticipants target="plan" />}
    </KwnwFrame>
  );
}
