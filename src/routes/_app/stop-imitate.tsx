import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionStore } from '../../lib/session/session-store';
import { stopImpersonation } from '../../features/auth/impersonation';
import { LoadingPage } from '../../features/errors/loading-page';
import { leaveMustAsk } from '../../features/sync/leave-impersonation-flow';
import { unsentOnThisDevice } from '../../features/sync/sync-actions';

/** One step back in the impersonation chain, then home as that user. */
export const Route = createFileRoute('/_app/stop-imitate')({
  beforeLoad: async () => {
    // Changes made under this chain (counted from its outbox) go out only under it: ask first (send now / keep / discard / cancel).
    if (sessionStore.identityChain.length > 0 && leaveMustAsk(await unsentOnThisDevice())) throw redirect({ to: '/wijzigingen', search: { verlaten: true } });
    const { to } = await stopImpersonation();
    throw redirect({ href: to, replace: true });
  },
  component: LoadingPage,
});
