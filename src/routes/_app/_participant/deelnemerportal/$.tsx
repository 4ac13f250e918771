import { createFileRoute, useLocation } from '@tanstack/react-router';
import { NotAvailablePage } from '../../../../features/errors/not-available-page';

/** The standard portal's catch-all: older pages this version does not have. */
export const Route = createFileRoute('/_app/_participant/deelnemerportal/$')({
  component: RouteComponent,
});

function RouteComponent() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return <NotAvailablePage path={pathname} />;
}
