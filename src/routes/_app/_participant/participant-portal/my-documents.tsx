import { createFileRoute } from '@tanstack/react-router';
import { DocumentsScreen } from '../../../../features/portal/documents/documents-screen';

export const Route = createFileRoute('/_app/_participant/participant-portal/my-documents')({
  component: RouteComponent,
});

function RouteComponent() {
  return <DocumentsScreen />;
}
