import { createFileRoute } from '@tanstack/react-router';
import { WageValueSettingsPage } from '../../../../../../features/wage-value/settings-page';

export const Route = createFileRoute('/_app/_staff/company/$id/settings/wage-value')({
  component: RouteComponent,
});

function RouteComponent() {
  return <WageValueSettingsPage />;
}
