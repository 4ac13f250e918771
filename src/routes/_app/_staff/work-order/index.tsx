import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderList } from '../../../../features/work-plans/work-orders/work-order-list';

export const Route = createFileRoute('/_app/_staff/work-order/')({
  component: WorkOrderList,
});
