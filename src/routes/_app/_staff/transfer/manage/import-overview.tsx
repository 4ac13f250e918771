import { createFileRoute } from '@tanstack/react-router';
import { TransferOverviewPage } from '../../../../../features/transfer/overview-page';

export const Route = createFileRoute('/_app/_staff/transfer/manage/import-overview')({
  component: RouteComponent,
});

function RouteComponent() {
  return <TransferOverviewPage direction="import" />;
}
