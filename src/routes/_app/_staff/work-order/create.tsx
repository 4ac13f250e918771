import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderCreate } from '../../../../features/work-plans/work-orders/work-order-create';

export const Route = createFileRoute('/_app/_staff/work-order/create')({
  component: WorkOrderCreate,
});
