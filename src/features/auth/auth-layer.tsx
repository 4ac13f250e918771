import { useEffect } from 'react';
import { Navigate, useLocation, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { clearSession, refreshSession, sessionStore } from '../../lib/session/session-store';
import { isStaffRole } from '../../domain/shared/roles';
import { passwordChangePending } from '../../lib/api/auth-flow-state';
import { setApiEffects } from '../../lib/api/effects';
import { InactivityGuard } from './inactivity-guard';
import './auth.css';

const OPEN_WHILE_PASSWORD_OWED = new Set(['/user/changepassword', '/user/logout']);

/**
 * What sign-in adds to the signed-in shell: the error catalogue acts through the router and the
 * session store, an owed password change cannot be navigated around, and the inactivity timeout
 * for staff. (The impersonation banner is the shell's: src/features/shell/app-shell.tsx.)
 */
export function AuthLayer() {
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { user, identityChain } = useSnapshot(sessionStore);

  useEffect(
    () =>
      setApiEffects({
        clearSession,
        refreshSession,
        navigate: (href) => router.navigate({ href }),
      }),
    [router],
  );

  if (passwordChangePending() && !OPEN_WHILE_PASSWORD_OWED.has(pathname)) {
    return <Navigate to="/user/changepassword" replace />;
  }
  const staffBehind = user !== null && (isStaffRole(user.roleId) || identityChain.length > 0);
  return staffBehind ? <InactivityGuard /> : null;
}
