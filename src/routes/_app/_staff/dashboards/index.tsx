import { createFileRoute } from '@tanstack/react-router';
import { DashboardList } from '../../../../features/dashboards/dashboard-list';

export const Route = createFileRoute('/_app/_staff/dashboards/')({
  component: DashboardList,
});
