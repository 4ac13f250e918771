import { createFileRoute } from '@tanstack/react-router';
import { EmailUndoPage } from '../features/users/email-change';

export const Route = createFileRoute('/e-mail-herstellen/$token')({
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <EmailUndoPage token={token} />;
}
