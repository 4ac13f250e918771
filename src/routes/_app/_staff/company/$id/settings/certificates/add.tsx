import { createFileRoute } from '@tanstack/react-router';
import { CertificateAddPage } from '../../../../../../../features/company-settings/certificate-add-page';

export const Route = createFileRoute('/_app/_staff/company/$id/settings/certificates/add')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <CertificateAddPage companyId={id} />;
}
