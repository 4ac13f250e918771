import { createFileRoute } from '@tanstack/react-router';
import { CopyDocumentPage } from '../../../features/work-plans/copy-document-page';

export const Route = createFileRoute('/_app/document/copy/$id')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CopyDocumentPage id={id} />;
}
