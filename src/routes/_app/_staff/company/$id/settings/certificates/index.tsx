import { createFileRoute } from '@tanstack/react-router';
import { CertificatesPage } from '../../../../../../../features/company-settings/certificates-page';

export const Route = createFileRoute('/_app/_staff/company/$id/settings/certificates/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CertificatesPage companyId={id} />;
}
