import { createFileRoute } from '@tanstack/react-router';
import { TransferSettingsPage } from '../../../../../features/transfer/settings-page';

export const Route = createFileRoute('/_app/_staff/transfer/importer/eva-instruments/$id/settings')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <TransferSettingsPage key={id} kind="instrumentImporter" id={id} />;
}
