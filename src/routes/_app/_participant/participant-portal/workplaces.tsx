import { createFileRoute } from '@tanstack/react-router';
import { WorkplacesScreen } from '../../../../features/portal/workplaces/workplaces-screen';

export const Route = createFileRoute('/_app/_participant/participant-portal/workplaces')({
  component: RouteComponent,
});

function RouteComponent() {
  return <WorkplacesScreen />;
}
