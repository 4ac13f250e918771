import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { LoginPage } from '../../features/login/login-page';
import { LoginNotice } from '../../features/auth/login-notice';
import { continueAfterSignIn } from '../../features/auth/sign-in-flow';
import { offlineUsers, preparePasswordVerifier, refusedOnline } from '../../features/auth/device-unlock/device-unlock';
import { UnlockPanel } from '../../features/auth/device-unlock/unlock-panel';
import { releaseBootUnlock } from '../../features/auth/device-unlock/boot-unlock';
import { lastSessionCheckReachable } from '../../lib/session/session-store';
import { warmOfflineStart } from '../../app/warm-start';
import { PublicFrame } from '../../lib/ui/public-frame';
import { safeRedirectTarget } from '../../domain/navigation/access';
import { pendingSteps } from '../../lib/api/auth-flow-state';
import { useOnlineStatus } from '../../lib/use-online-status';
import { isSessionNotice, peekSessionNotice, takeSessionNotice } from '../../lib/api/auth-flow-state';
import type { SessionNotice } from '../../lib/api/error-catalogue';

export interface LoginSearch {
  redirect_uri?: string;
  expired?: boolean;
  /** Why the session ended, besides expiry (01 §8): maintenance, too many codes, inactivity. */
  notice?: Exclude<SessionNotice, 'expired'>;
}

export const Route = createFileRoute('/login/{-$request}')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
    expired: search.expired === 1 || search.expired === '1' || search.expired === true ? true : undefined,
    notice: isSessionNotice(search.notice) && search.notice !== 'expired' ? search.notice : undefined,
  }),
  // A session that ended where no one could say so (a guard, a reload) left its notice: put it in the address.
  beforeLoad: ({ search, params }) => {
    const pending = peekSessionNotice();
    if (!pending || search.expired || search.notice) return;
    throw redirect({
      to: '/login/{-$request}',
      params,
      search: pending === 'expired' ? { ...search, expired: true } : { ...search, notice: pending },
      replace: true,
    });
  },
  component: RouteComponent,
});

/** Offline (the browser says so, or the session check found no server) on a device that knows a user: unlock first. */
const startOffline = () => offlineUsers().length > 0 && (globalThis.navigator?.onLine === false || lastSessionCheckReachable() === false);

function RouteComponent() {
  const { redirect_uri, expired, notice } = Route.useSearch();
  const router = useRouter();
  const { t } = useTranslation();
  const [mode, setMode] = useState<'unlock' | 'login'>(() => (startOffline() ? 'unlock' : 'login'));
  useEffect(() => {
    takeSessionNotice();
  }, []);
  const onSignedIn = ({ username, password }: { username: string; password: string }) => {
    // The device's offline verifier of this password; kept once the sign-in completes (after two-step, when owed).
    preparePasswordVerifier(username, password, pendingSteps().some((step) => step.startsWith('mfa_')));
    return continueAfterSignIn((href) => router.navigate({ href, replace: true }), redirect_uri);
  };
  const online = useOnlineStatus();
  const canUnlock = offlineUsers().length > 0;
  const unlocking = mode === 'unlock' && canUnlock;
  // The boot unlock form (public/offline-unlock-boot.js) gives way to the online sign-in form; the
  // unlock panel takes it over instead.
  useLayoutEffect(() => {
    if (!unlocking) releaseBootUnlock();
  }, [unlocking]);
  // Online, the way in is the normal sign-in; the offline unlock is offered when there is no server to ask.
  const offerUnlock = canUnlock && (!online || lastSessionCheckReachable() === false);
  if (unlocking) {
    return (
      <PublicFrame>
        <UnlockPanel
          onUnlocked={() => router.navigate({ href: safeRedirectTarget(redirect_uri), replace: true })}
          onOnlineSignIn={() => setMode('login')}
          onWaiting={(user) => warmOfflineStart(router, safeRedirectTarget(redirect_uri), user)}
        />
      </PublicFrame>
    );
  }
  return (
    <>
      <LoginNotice notice={notice ?? null} />
      <LoginPage
        expired={expired === true}
        onSignedIn={onSignedIn}
        onUnreachable={canUnlock ? () => setMode('unlock') : undefined}
        onRefused={refusedOnline}
        extraLinks={
          offerUnlock ? (
            <li>
              <button type="button" className="link-button" onClick={() => setMode('unlock')}>
                {t('auth.deviceUnlock.offlineOpen')}
              </button>
            </li>
          ) : null
        }
      />
    </>
  );
}
