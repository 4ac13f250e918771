import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { InstallInvitation } from '../../features/pwa/install-invitation';
import { PendingChangesPage } from '../../features/sync/pending-changes-page';
import { confirmSignOut, type SignOutChoice } from '../../features/sync/sign-out-flow';
import { confirmLeave } from '../../features/sync/leave-impersonation-flow';
import { LeaveImpersonationQuestion } from '../../features/sync/leave-impersonation-question';
import { OtherIdentities } from '../../features/sync/other-identities';
import { sessionStore } from '../../lib/session/session-store';
import { useSnapshot } from 'valtio';

export interface ChangesSearch {
  /** Ask before signing out (send now / keep / save as file / discard / cancel); /user/logout sends here while anything is unsent. */
  uitloggen?: true;
  /** Ask before leaving an impersonation (send now / keep / discard / cancel); /stop-imitate sends here while its changes wait. */
  verlaten?: true;
}

const yes = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** Changes waiting to be sent, refused or conflicting, with the sync status (issue 4). */
export const Route = createFileRoute('/_app/wijzigingen')({
  validateSearch: (search: Record<string, unknown>): ChangesSearch => ({
    ...(yes(search.uitloggen) ? { uitloggen: true as const } : {}),
    ...(yes(search.verlaten) ? { verlaten: true as const } : {}),
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { uitloggen, verlaten } = Route.useSearch();
  const navigate = useNavigate();
  const session = useSnapshot(sessionStore);
  const leaving = verlaten === true && session.identityChain.length > 0;
  const onLeave = useCallback(() => {
    confirmLeave();
    void navigate({ to: '/stop-imitate', replace: true });
  }, [navigate]);
  const onSignOut = useCallback((choice: SignOutChoice | null) => {
    confirmSignOut(choice);
    void navigate({ to: '/user/logout', replace: true });
  }, [navigate]);
  const onCancel = useCallback(() => void navigate({ to: '/wijzigingen', search: {}, replace: true }), [navigate]);
  const who = session.user ? [session.user.givenName, session.user.surname].filter(Boolean).join(' ') || session.user.username : '';
  return (
    <PendingChangesPage
      askSignOut={uitloggen === true}
      onSignOut={onSignOut}
      onCancelSignOut={onCancel}
      before={leaving ? <LeaveImpersonationQuestion who={who} onLeave={onLeave} onCancel={onCancel} /> : null}
      aside={
        <>
          <OtherIdentities />
          <InstallInvitation />
        </>
      }
    />
  );
}
