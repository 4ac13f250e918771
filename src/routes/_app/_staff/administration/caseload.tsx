import { createFileRoute } from '@tanstack/react-router';
import { CaseloadPage } from '../../../../features/caseload/caseload-page';

export const Route = createFileRoute('/_app/_staff/administration/caseload')({
  component: CaseloadPage,
});
