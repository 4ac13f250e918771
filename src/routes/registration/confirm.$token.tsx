import { createFileRoute } from '@tanstack/react-router';
import { ConfirmRegistrationPage } from '../../features/auth/confirm-registration-page';

export const Route = createFileRoute('/registration/confirm/$token')({
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <ConfirmRegistrationPage token={token} />;
}
