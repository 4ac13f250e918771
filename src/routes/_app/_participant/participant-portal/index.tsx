import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../../features/portal/home/home-screen';

export const Route = createFileRoute('/_app/_participant/participant-portal/')({
  component: RouteComponent,
});

function RouteComponent() {
  return <HomeScreen />;
}
