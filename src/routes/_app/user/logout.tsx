import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '../../../features/auth/sign-out';
import { LoadingPage } from '../../../features/errors/loading-page';
import { signOutMustAsk } from '../../../features/sync/sign-out-flow';
import { leaveMustAsk } from '../../../features/sync/leave-impersonation-flow';
import { unsentOnThisDevice } from '../../../features/sync/sync-actions';
import { sessionStore } from '../../../lib/session/session-store';

/** Sign-out (01 §4): while impersonating it leaves the latest impersonation and goes home; otherwise Login. */
export const Route = createFileRoute('/_app/user/logout')({
  beforeLoad: async () => {
    // Changes not yet on the server (counted from the outbox itself) would be deleted with the replica:
    // list them first (send now / keep for later / save as a file / discard / cancel).
    // Leaving an impersonation keeps the session, so nothing is deleted then.
    if (sessionStore.identityChain.length === 0 && signOutMustAsk(await unsentOnThisDevice())) throw redirect({ to: '/wijzigingen', search: { uitloggen: true } });
    // Leaving an impersonation whose changes wait asks too: they go out only under this chain.
    if (sessionStore.identityChain.length > 0 && leaveMustAsk(await unsentOnThisDevice())) throw redirect({ to: '/wijzigingen', search: { verlaten: true } });
    const outcome = await signOut();
    if (outcome === 'left-impersonation') throw redirect({ to: '/', replace: true });
    throw redirect({ to: '/login/{-$request}', params: { request: undefined }, replace: true });
  },
  component: LoadingPage,
});
