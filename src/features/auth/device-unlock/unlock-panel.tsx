import '../auth.css';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { releaseBootUnlock } from './boot-unlock';
import { offlineUsers, type OfflineUser } from './device-unlock';
import { OfflineUnlockForm } from './offline-unlock-form';
import { AuthenticatorUnlockButton } from '../webauthn/authenticator-unlock-button';

interface UnlockPanelProps {
  /** The password was right: the session is open (offline); go where the user was going. */
  onUnlocked: () => Promise<void> | void;
  /** The user prefers the online sign-in form. */
  onOnlineSignIn: () => void;
  /** The form is shown for this user: make ready what the screen after unlocking needs (reveals nothing). */
  onWaiting?: (user: OfflineUser) => void;
}

/**
 * Offline unlock on the sign-in page (issue 18): the device's known users, then the shared form
 * (`OfflineUnlockForm`: password or device PIN, delays, the limit). Shows no data of the user but their name.
 */
export function UnlockPanel({ onUnlocked, onOnlineSignIn, onWaiting }: UnlockPanelProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.deviceUnlock.title'));
  const [users] = useState<OfflineUser[]>(() => offlineUsers());
  const [userId, setUserId] = useState<number | null>(users[0]?.userId ?? null);
  const chosen = users.find((u) => u.userId === userId) ?? null;
  // The boot unlock form (public/offline-unlock-boot.js) gives way to this one in the same commit; the
  // form below took over what was typed first (its layout effect runs before this one).
  useLayoutEffect(() => {
    if (releaseBootUnlock({ keepPendingCheck: true })?.onlineSignIn) onOnlineSignIn();
    // Once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (chosen) onWaiting?.(chosen);
    // Once per chosen user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen?.userId]);

  return (
    <section className="login card" aria-labelledby="unlock-title" data-testid="offline-unlock">
      <h1 id="unlock-title" className="login__title">
        {t('auth.deviceUnlock.title')}
      </h1>
      <p className="login__intro">{t(chosen?.secret === 'pin' ? 'auth.deviceUnlock.pinIntro' : 'auth.deviceUnlock.intro')}</p>
      {users.length > 1 ? (
        <fieldset className="field">
          <legend className="field__label">{t('auth.deviceUnlock.whoLegend')}</legend>
          {users.map((u) => (
            <label key={u.userId} className="unlock-choice">
              <input type="radio" name="unlock-user" value={u.userId} checked={u.userId === userId} onChange={() => setUserId(u.userId)} /> {u.displayName} ({u.username})
            </label>
          ))}
        </fieldset>
      ) : chosen ? (
        <p data-testid="offline-unlock-user">{t('auth.deviceUnlock.user', { name: chosen.displayName, username: chosen.username })}</p>
      ) : null}
      {chosen ? <AuthenticatorUnlockButton key={`authenticator-${chosen.userId}`} userId={chosen.userId} secret={chosen.secret} onUnlocked={onUnlocked} /> : null}
      {chosen ? (
        <OfflineUnlockForm
          key={chosen.userId}
          userId={chosen.userId}
          username={chosen.username}
          secret={chosen.secret}
          fieldId="unlock-password"
          submitLabel={t('auth.deviceUnlock.submit')}
          onUnlocked={onUnlocked}
          takeOverBootForm
        />
      ) : null}
      <ul className="login__links">
        <li>
          <button type="button" className="link-button" onClick={onOnlineSignIn}>
            {t('auth.deviceUnlock.onlineSignIn')}
          </button>
        </li>
      </ul>
    </section>
  );
}
