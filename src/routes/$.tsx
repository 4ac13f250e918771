import { createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { guardRoute } from '../app/guards';
import { SignedInLayout } from '../app/signed-in-layout';
import { isLegacyPath, legacyRedirect } from '../domain/navigation/legacy-paths';
import { sessionStore } from '../lib/session/session-store';
import { NamedErrorPage } from '../features/errors/named-error-page';
import { NotAvailablePage } from '../features/errors/not-available-page';

/** Catch-all: legacy menu links lead to their real screen or get "not available in this version" (signed in); the rest a 404. */
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ location }) => {
    if (!isLegacyPath(location.pathname)) return;
    await guardRoute('general', location.pathname);
    // A legacy link whose job a real screen does leads there (issue 24); the rest say "not available".
    const target = legacyRedirect(location.pathname, sessionStore.company?.id ?? null);
    if (target) throw redirect({ href: target, replace: true });
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
