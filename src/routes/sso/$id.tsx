import { createFileRoute } from '@tanstack/react-router';
import { SsoStartPage } from '../../features/auth/sso/sso-start-page';

/** Starts single sign-on (or links the signed-in user); the page shows only sign-in texts, so it loads no others first. */
export const Route = createFileRoute('/sso/$id')({
  validateSearch: (search: Record<string, unknown>): { redirect_uri?: string } => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  const { redirect_uri } = Route.useSearch();
  return <SsoStartPage id={id} redirectUri={redirect_uri ?? null} />;
}
