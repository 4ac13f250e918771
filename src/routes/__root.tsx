import { createRootRoute, Outlet } from '@tanstack/react-router';
import { CrashPage } from '../features/errors/crash-page';
import { NamedErrorPage } from '../features/errors/named-error-page';

export const Route = createRootRoute({
  component: Outlet,
  errorComponent: ({ error, reset }) => <CrashPage error={error} reset={reset} />,
  notFoundComponent: () => <NamedErrorPage kind="http404" standalone />,
});
