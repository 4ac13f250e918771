import { createFileRoute } from '@tanstack/react-router';
import { MfaSetupPage } from '../../features/auth/mfa-setup-page';

export const Route = createFileRoute('/login/setup')({
  validateSearch: (search: Record<string, unknown>): { redirect_uri?: string } => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect_uri } = Route.useSearch();
  return <MfaSetupPage redirectUri={redirect_uri} />;
}
