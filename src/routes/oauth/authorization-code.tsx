import { createFileRoute } from '@tanstack/react-router';
import { SsoReturnPage } from '../../features/auth/sso/sso-return-page';
import { loadTexts } from '../../i18n/i18n';

export const Route = createFileRoute('/oauth/authorization-code')({
  beforeLoad: () => loadTexts(),
  component: SsoReturnPage,
});
