import { createFileRoute } from '@tanstack/react-router';
import { LogoAndColorPage } from '../../../../../../features/company-settings/logo-and-color-page';

export const Route = createFileRoute('/_app/_staff/company/{-$id}/settings/logo-and-color')({
  component: LogoAndColorPage,
});
