import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '../../../../features/audit-log/audit-log-page';

/** The audit log for administrators (issue 10, NEN 7513). */
export const Route = createFileRoute('/_app/_staff/administratie/log')({
  component: AuditLogPage,
});
