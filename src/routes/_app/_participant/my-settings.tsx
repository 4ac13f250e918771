import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../../features/portal/settings/settings-screen';

export const Route = createFileRoute('/_app/_participant/my-settings')({
  component: RouteComponent,
});

function RouteComponent() {
  return <SettingsScreen />;
}
