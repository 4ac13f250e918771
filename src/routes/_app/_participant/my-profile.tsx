import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../../features/portal/profile/profile-screen';

export const Route = createFileRoute('/_app/_participant/my-profile')({
  component: RouteComponent,
});

function RouteComponent() {
  return <ProfileScreen />;
}
