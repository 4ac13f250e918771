import { createFileRoute } from '@tanstack/react-router';
import { SsoReturnPage } from '../../features/auth/sso/sso-return-page';

/** The identity provider's return; the page shows only sign-in texts, so it loads no others first. */
export const Route = createFileRoute('/oauth/authorization-code')({
  component: SsoReturnPage,
});
