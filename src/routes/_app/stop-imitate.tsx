import { createFileRoute, redirect } from '@tanstack/react-router';
import { stopImpersonation } from '../../features/auth/impersonation';
import { LoadingPage } from '../../features/errors/loading-page';

/** One step back in the impersonation chain, then home as that user. */
export const Route = createFileRoute('/_app/stop-imitate')({
  beforeLoad: async () => {
    const { to } = await stopImpersonation();
    throw redirect({ href: to, replace: true });
  },
  component: LoadingPage,
});
