import { useLayoutEffect } from 'react';
import { createRootRoute, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { releaseBootUnlock } from '../features/auth/device-unlock/boot-unlock';
import { CrashPage } from '../features/errors/crash-page';
import { NamedErrorPage } from '../features/errors/named-error-page';

export const Route = createRootRoute({
  component: Outlet,
  errorComponent: RootError,
  notFoundComponent: () => <NamedErrorPage kind="http404" standalone />,
});

/** The crash page of any route; it replaces the boot unlock form (public/offline-unlock-boot.js) too. */
function RootError({ error, reset }: ErrorComponentProps) {
  useLayoutEffect(() => {
    releaseBootUnlock();
  }, []);
  return <CrashPage error={error} reset={reset} />;
}
