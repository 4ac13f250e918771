import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../../features/dashboards/dashboard-page';

export const Route = createFileRoute('/_app/_staff/dashboards/$uuid')({
  component: RouteComponent,
});

function RouteComponent() {
  const { uuid } = Route.useParams();
  return <DashboardPage key={uuid} uuid={uuid} />;
}
