import { useTranslation } from 'react-i18next';
import { offlineSecretKind } from './device-unlock';
import { OfflineUnlockForm } from './offline-unlock-form';
import { AuthenticatorUnlockButton } from '../webauthn/authenticator-unlock-button';

interface LockOfflineUnlockProps {
  /** The locked user (the device holds a verifier for them: `hasOfflineVerifier`). */
  userId: number;
  username: string;
  name: string;
}

/**
 * The lock screen's offline unlock (src/features/auth/lock-screen.tsx, issue 18): offline, the locked
 * user's password (or device PIN, issue 24) is checked on this device, with the same wrong-try limits as
 * after a restart. Right: the session opens again on the same replica, unconfirmed; the lock ends and the
 * shell replaces this screen with the page that was open.
 */
export function LockOfflineUnlock({ userId, username, name }: LockOfflineUnlockProps) {
  const { t } = useTranslation();
  return (
    <div className="lock-screen__offline" data-testid="lock-offline-unlock">
      <p>{t('auth.lock.offlineUnlock', { name, username })}</p>
      <AuthenticatorUnlockButton userId={userId} secret={offlineSecretKind(userId) ?? 'password'} />
      <OfflineUnlockForm userId={userId} username={username} secret={offlineSecretKind(userId) ?? 'password'} fieldId="lock-offline-password" submitLabel={t('auth.lock.offlineSubmit')} />
    </div>
  );
}
