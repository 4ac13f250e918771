import { createFileRoute } from '@tanstack/react-router';
import { SsoPage } from '../../../../../../features/company-settings/sso-page';

export const Route = createFileRoute('/_app/_staff/company/$id/authentication/sso')({
  component: SsoPage,
});
