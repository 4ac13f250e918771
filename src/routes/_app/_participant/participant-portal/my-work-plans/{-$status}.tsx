import { createFileRoute } from '@tanstack/react-router';
import { MY_STATUSES, MyWorkPlans, type MyStatus } from '../../../../../features/work-plans/my-work-plans';
import { newerPortal } from '../../../../../features/work-plans/paths';

const paths = newerPortal('/participant-portal/my-work-plans');
const isStatus = (s: string | undefined): s is MyStatus => (MY_STATUSES as readonly string[]).includes(s ?? '');

export const Route = createFileRoute('/_app/_participant/participant-portal/my-work-plans/{-$status}')({
  component: RouteComponent,
});

function RouteComponent() {
  const { status } = Route.useParams();
  return <MyWorkPlans paths={paths} status={isStatus(status) ? status : undefined} />;
}
