import { createFileRoute } from '@tanstack/react-router';
import { ParticipantPage } from '../../../../features/participants/participant-page';

export const Route = createFileRoute('/_app/_staff/participant/$id/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ParticipantPage key={id} participantId={/^\d+$/.test(id) ? Number(id) : -1} />;
}
