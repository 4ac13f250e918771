import { createFileRoute } from '@tanstack/react-router';
import { PreferencesScreen } from '../../../features/portal/settings/preferences-screen';

export const Route = createFileRoute('/_app/_participant/my-communication-preferences')({
  component: RouteComponent,
});

function RouteComponent() {
  return <PreferencesScreen />;
}
