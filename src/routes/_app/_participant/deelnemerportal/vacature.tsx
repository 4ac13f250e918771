import { createFileRoute } from '@tanstack/react-router';
import { WorkplacesScreen } from '../../../../features/portal/workplaces/workplaces-screen';

export const Route = createFileRoute('/_app/_participant/deelnemerportal/vacature')({
  component: RouteComponent,
});

function RouteComponent() {
  return <WorkplacesScreen vacanciesOnly />;
}
