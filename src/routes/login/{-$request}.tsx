import { createFileRoute, useRouter } from '@tanstack/react-router';
import { refreshSession } from '../../app/session-store';
import { safeRedirectTarget } from '../../domain/navigation/access';
import { LoginPage } from '../../features/login/login-page';

export interface LoginSearch {
  redirect_uri?: string;
  expired?: boolean;
}

export const Route = createFileRoute('/login/{-$request}')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
    expired: search.expired === 1 || search.expired === '1' || search.expired === true ? true : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect_uri, expired } = Route.useSearch();
  const router = useRouter();
  const onSignedIn = async () => {
    await refreshSession();
    await router.navigate({ href: safeRedirectTarget(redirect_uri), replace: true });
  };
  return <LoginPage expired={expired === true} onSignedIn={onSignedIn} />;
}
