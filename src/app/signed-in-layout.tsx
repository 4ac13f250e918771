import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { isConfinedToRegistration, isParticipantUser } from '../domain/navigation/access';
import { portalKindFor } from '../domain/navigation/portal';
import { AppShell } from '../features/shell/app-shell';
import { AuthLayer } from '../features/auth/auth-layer';
import { LockScreen } from '../features/auth/lock-screen';
import { continueAfterSignIn } from '../features/auth/sign-in-flow';
import { LockSignInForm } from '../features/login/lock-sign-in-form';
import { lockStore } from '../lib/api/session-lock';
import { OfflineUnconfirmedNotice } from '../features/auth/device-unlock/offline-unconfirmed-notice';
import { hasOfflineVerifier, refusedOnline } from '../features/auth/device-unlock/device-unlock';
import { LockOfflineUnlock } from '../features/auth/device-unlock/lock-offline-unlock';
import { DisplaySettingsSync } from '../features/portal/display-settings-sync';
import { StalePendingWarning } from '../features/sync/stale-pending-warning';
import { IdentityChangedNotice } from '../features/sync/identity-changed-notice';
import { SyncStatusIndicator } from '../features/sync/sync-status-indicator';
import { portalPaths } from '../features/portal/paths';
import { UNREAD_BADGE_ENTRIES, UnreadBadge } from '../features/messages/unread-badge';
import { applyBranding } from '../lib/branding';
import { catalogueFor } from './menu/catalogue';
import { sessionStore } from '../lib/session/session-store';

const MENU_BADGES = Object.fromEntries(UNREAD_BADGE_ENTRIES.map((id) => [id, <UnreadBadge key={id} />]));

interface SignedInLayoutProps {
  children: ReactNode;
}

/** Composes the shell from the session: the user's menu catalogue, company name and branding. */
export function SignedInLayout({ children }: SignedInLayoutProps) {
  const router = useRouter();
  const session = useSnapshot(sessionStore);
  const { lock } = useSnapshot(lockStore);
  const branding = session.company?.branding ?? null;

  useEffect(() => {
    applyBranding(branding);
  }, [branding]);

  const user = session.user;
  if (!user) return null;
  // A session that ended without the user signing out: the shell and its data give way to the lock
  // screen; the route (and what it showed) comes back once the same user has signed in again.
  if (lock) {
    // Signing in again returns to where the user was (the same page, with what it showed).
    const here = `${globalThis.location.pathname}${globalThis.location.search}`;
    const onSignedIn = () => continueAfterSignIn((href) => router.navigate({ href, replace: true }), here);
    // Offline, the device checks the password when it keeps a verifier for the locked user (not while
    // impersonating: the device opens a user's own session only; docs/decisions-offline-unlock.md).
    const offlineUnlock =
      lock.username !== null && hasOfflineVerifier(lock.userId) ? (
        <LockOfflineUnlock userId={lock.userId} username={lock.username} name={lock.givenName ?? lock.username} />
      ) : undefined;
    return <LockScreen lock={lock} signIn={<LockSignInForm username={lock.username} onSignedIn={onSignedIn} onRefused={refusedOnline} />} offlineUnlock={offlineUnlock} />;
  }
  const participant = isParticipantUser(user);
  const portalKind = portalKindFor(session.company?.participantPortalVersion);
  const catalogue = catalogueFor(participant, portalKind);
  const settings = isConfinedToRegistration(user)
    ? null
    : participant
    ? { to: portalPaths(portalKind).settings, labelKey: 'shellExtra.settings' as const }
    : { to: '/user/edit-profiel', labelKey: 'shellExtra.profile' as const };
  return (
    <AppShell
      user={user}
      companyName={session.company?.name ?? null}
      logoUri={branding?.logoUri ?? null}
      impersonating={session.identityChain.length > 0}
      catalogue={catalogue}
      headerStatus={<SyncStatusIndicator />}
      menuBadges={MENU_BADGES}
      settings={settings}
    >
      <AuthLayer />
      <DisplaySettingsSync />
      <IdentityChangedNotice />
      <OfflineUnconfirmedNotice />
      <StalePendingWarning />
      {children}
    </AppShell>
  );
}
