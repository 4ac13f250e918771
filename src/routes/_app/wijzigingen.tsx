import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { InstallInvitation } from '../../features/pwa/install-invitation';
import { PendingChangesPage } from '../../features/sync/pending-changes-page';
import { confirmSignOut, type SignOutChoice } from '../../features/sync/sign-out-flow';

export interface ChangesSearch {
  /** Ask before signing out (send now / keep / save as file / discard / cancel); /user/logout sends here while anything is unsent. */
  uitloggen?: true;
}

/** Changes waiting to be sent, refused or conflicting, with the sync status (issue 4). */
export const Route = createFileRoute('/_app/wijzigingen')({
  validateSearch: (search: Record<string, unknown>): ChangesSearch =>
    search.uitloggen === true || search.uitloggen === 1 || search.uitloggen === '1' || search.uitloggen === 'true' ? { uitloggen: true } : {},
  component: RouteComponent,
});

function RouteComponent() {
  const { uitloggen } = Route.useSearch();
  const navigate = useNavigate();
  const onSignOut = useCallback((choice: SignOutChoice | null) => {
    confirmSignOut(choice);
    void navigate({ to: '/user/logout', replace: true });
  }, [navigate]);
  const onCancel = useCallback(() => void navigate({ to: '/wijzigingen', search: {}, replace: true }), [navigate]);
  return <PendingChangesPage askSignOut={uitloggen === true} onSignOut={onSignOut} onCancelSignOut={onCancel} aside={<InstallInvitation />} />;
}
