import { createFileRoute } from '@tanstack/react-router';
import { SrgPage } from '../../../../../../features/company-settings/placements-page';

export const Route = createFileRoute('/_app/_staff/company/$id/settings/srg')({
  component: SrgPage,
});
