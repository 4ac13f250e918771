import { createFileRoute, useLocation } from '@tanstack/react-router';
import { guardRoute } from '../app/guards';
import { SignedInLayout } from '../app/signed-in-layout';
import { isLegacyPath } from '../domain/navigation/legacy-paths';
import { NamedErrorPage } from '../features/errors/named-error-page';
import { NotAvailablePage } from '../features/errors/not-available-page';

/** Catch-all: legacy menu links get "not available in this version" (signed in), the rest a 404. */
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ location }) => {
    if (isLegacyPath(location.pathname)) await guardRoute('general', location.pathname);
  },
  component: RouteComponent,
});

function RouteComponent() {
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!isLegacyPath(pathname)) return <NamedErrorPage kind="http404" standalone path={pathname} />;
  return (
    <SignedInLayout>
      <NotAvailablePage path={pathname} />
    </SignedInLayout>
  );
}
