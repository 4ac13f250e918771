import { createFileRoute } from '@tanstack/react-router';
import { EmailUndoPage } from '../features/users/email-change';
import { loadTexts } from '../i18n/i18n';

export const Route = createFileRoute('/e-mail-herstellen/$token')({
  // The undo page (a link from a mail, often opened signed out) shows account texts, not among the sign-in texts.
  beforeLoad: () => loadTexts(),
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <EmailUndoPage token={token} />;
}
