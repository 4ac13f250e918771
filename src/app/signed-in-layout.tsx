import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { isParticipantUser } from '../domain/navigation/access';
import { portalKindFor } from '../domain/navigation/portal';
import { AppShell } from '../features/shell/app-shell';
import { AuthLayer } from '../features/auth/auth-layer';
import { OfflineUnconfirmedNotice } from '../features/auth/device-unlock/offline-unconfirmed-notice';
import { DisplaySettingsSync } from '../features/portal/display-settings-sync';
import { StalePendingWarning } from '../features/sync/stale-pending-warning';
import { IdentityChangedNotice } from '../features/sync/identity-changed-notice';
import { SyncStatusIndicator } from '../features/sync/sync-status-indicator';
import { UNREAD_BADGE_ENTRIES, UnreadBadge } from '../features/messages/unread-badge';
import { applyBranding } from '../lib/branding';
import { catalogueFor } from './menu/catalogue';
import { sessionStore } from './session-store';

const MENU_BADGES = Object.fromEntries(UNREAD_BADGE_ENTRIES.map((id) => [id, <UnreadBadge key={id} />]));

interface SignedInLayoutProps {
  children: ReactNode;
}

/** Composes the shell from the session: the user's menu catalogue, company name and branding. */
export function SignedInLayout({ children }: SignedInLayoutProps) {
  const session = useSnapshot(sessionStore);
  const branding = session.company?.branding ?? null;

  useEffect(() => {
    applyBranding(branding);
  }, [branding]);

  const user = session.user;
  if (!user) return null;
  const catalogue = catalogueFor(isParticipantUser(user), portalKindFor(session.company?.participantPortalVersion));
  return (
    <AppShell
      user={user}
      companyName={session.company?.name ?? null}
      logoUri={branding?.logoUri ?? null}
      impersonating={session.identityChain.length > 0}
      catalogue={catalogue}
      headerStatus={<SyncStatusIndicator />}
      menuBadges={MENU_BADGES}
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
