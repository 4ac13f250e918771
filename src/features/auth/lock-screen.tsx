import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../lib/session/session-store';
import { lockedReplicaName, type ScreenLock } from '../../lib/api/session-lock';
import { syncApi } from '../../lib/sync-client';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';

interface LockScreenProps {
  lock: ScreenLock;
  /** The password form that signs in again online (src/features/login/lock-sign-in-form.tsx). */
  signIn: ReactNode;
  /**
   * Offline unlock (a password checked on this device), when this device has a verifier for the locked
   * user: shown instead of the online sign-in while offline. Online, the server checks the password.
   */
  offlineUnlock?: ReactNode;
}

/**
 * The locked screen (docs/decisions-auth-client.md, "Session end keeps unsent work"): the session ended
 * without the user signing out, so the shell and its data are hidden, the replica and outbox stay, and
 * the same user signs in again here (through the ordinary password grant and sign-in steps) to carry on
 * where they were; the queued changes then go out. Someone else can sign in instead; what was kept stays.
 */
export function LockScreen({ lock, signIn, offlineUnlock }: LockScreenProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const online = useOnlineStatus();
  const [waiting, setWaiting] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t('auth.lock.title'));
  const knownUser = lock.username !== null;

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    // Counted from the replica's outbox (the sync is stopped while locked).
    // The replica the tab used: while impersonating its name carries the chain and the real user.
    const name = lockedReplicaName(lock);
    if (!name) return;
    let live = true;
    syncApi()
      .sync.unsentCountsIn(name)
      .then((counts) => {
        if (live) setWaiting(counts.pending + counts.sending);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lock]);

  const signInAsSomeoneElse = () => {
    // Only this tab's session is forgotten: nothing on the device is deleted.
    clearSession();
    void router.navigate({ href: '/login', replace: true });
  };

  return (
    <PublicFrame>
      <section className="login card lock-screen" aria-labelledby="lock-title">
        <h1 id="lock-title" className="login__title" ref={headingRef} tabIndex={-1}>
          {t('auth.lock.title')}
        </h1>
        <p className="alert alert--warning" role="status">
          {t(`auth.lock.reason.${lock.reason}`)}
        </p>
        <p className="lock-screen__kept">
          {t('auth.lock.kept')} {waiting ? t('auth.lock.unsent', { count: waiting }) : null}
        </p>
        {!online && offlineUnlock ? (
          offlineUnlock
        ) : (
          <>
            {!online ? <p className="alert alert--warning">{t('auth.lock.offline')}</p> : null}
            <p>
              {knownUser
                ? t('auth.lock.signInAs', {
                    name: lock.givenName ?? lock.username,
                    username: lock.username,
                  })
                : t('auth.lock.signInImpersonating')}
            </p>
            {signIn}
          </>
        )}
        <p className="lock-screen__other">
          <button type="button" className="button button--link" onClick={signInAsSomeoneElse} aria-describedby="lock-other-help">
            {t('auth.lock.otherUser')}
          </button>
        </p>
        <p id="lock-other-help" className="lock-screen__help">
          {t('auth.lock.otherUserHelp', {
            name: lock.givenName ?? lock.username ?? '',
          })}
        </p>
      </section>
    </PublicFrame>
  );
}
