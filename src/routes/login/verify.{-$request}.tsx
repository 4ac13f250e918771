import { createFileRoute } from '@tanstack/react-router';
import { MfaVerifyPage } from '../../features/auth/mfa-verify-page';

export const Route = createFileRoute('/login/verify/{-$request}')({
  validateSearch: (search: Record<string, unknown>): { redirect_uri?: string } => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect_uri } = Route.useSearch();
  return <MfaVerifyPage redirectUri={redirect_uri} />;
}
