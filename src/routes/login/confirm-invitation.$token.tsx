import { createFileRoute } from '@tanstack/react-router';
import { ConfirmInvitationPage } from '../../features/auth/confirm-invitation-page';

export const Route = createFileRoute('/login/confirm-invitation/$token')({
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <ConfirmInvitationPage token={token} />;
}
