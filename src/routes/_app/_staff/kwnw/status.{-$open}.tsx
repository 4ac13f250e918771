import { createFileRoute } from '@tanstack/react-router';
import { KwnwFrame, KwnwParticipants, KwnwStatus } from '../../../../features/instruments/kwnw';

export const Route = createFileRoute('/_app/_staff/kwnw/status/{-$open}')({
  component: RouteComponent,
});

/** `open`: the participant whose route is shown; without it, the participants to choose from. */
function RouteComponent() {
  const { open } = Route.useParams();
  const id = open && /^\d{1,15}$/.test(open) ? Number(open) : undefined;
  return (
    <KwnwFrame key={id ?? 0} part="status" participantId={id}>
      {id ? <KwnwStatus participantId={id} /> : <KwnwParticipants target="status" />}
    </KwnwFrame>
  );
}
