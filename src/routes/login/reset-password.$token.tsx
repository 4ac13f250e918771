import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/reset-password-page';

export const Route = createFileRoute('/login/reset-password/$token')({
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <ResetPasswordPage token={token} />;
}
