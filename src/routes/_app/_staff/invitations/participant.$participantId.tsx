import { createFileRoute } from '@tanstack/react-router';
import { InvitationsPage } from '../../../../features/invitations/invitations-page';

export const Route = createFileRoute('/_app/_staff/invitations/participant/$participantId')({
  component: RouteComponent,
});

function RouteComponent() {
  const { participantId } = Route.useParams();
  return <InvitationsPage key={participantId} participantId={/^\d+$/.test(participantId) ? Number(participantId) : -1} />;
}
