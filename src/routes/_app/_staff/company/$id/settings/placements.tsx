import { createFileRoute } from '@tanstack/react-router';
import { PlacementsPage } from '../../../../../../features/company-settings/placements-page';

export const Route = createFileRoute('/_app/_staff/company/$id/settings/placements')({
  component: PlacementsPage,
});
