import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../../features/auth/change-password-page';

export const Route = createFileRoute('/_app/user/changepassword')({
  validateSearch: (search: Record<string, unknown>): { redirect_uri?: string } => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect_uri } = Route.useSearch();
  return <ChangePasswordPage redirectUri={redirect_uri} />;
}
