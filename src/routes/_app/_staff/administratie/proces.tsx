import { createFileRoute } from '@tanstack/react-router';
import { ProcessFlowPage } from '../../../../features/process-flow/process-flow-page';

export const Route = createFileRoute('/_app/_staff/administratie/proces')({
  component: ProcessFlowPage,
});
