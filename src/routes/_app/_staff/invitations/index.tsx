import { createFileRoute } from '@tanstack/react-router';
import { InvitationsPage } from '../../../../features/invitations/invitations-page';

export const Route = createFileRoute('/_app/_staff/invitations/')({
  component: RouteComponent,
});

function RouteComponent() {
  return <InvitationsPage participantId={null} />;
}
