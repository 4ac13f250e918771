import './webauthn.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offlineUnlockState } from '../device-unlock/device-unlock';
import { offlineUnlockAllowedForUser } from '../device-unlock/offline-cap';
import { hasAuthenticatorUnlock, unlockWithAuthenticator, type AuthenticatorUnlockResult } from './authenticator-unlock';

type Refusal = Extract<AuthenticatorUnlockResult, { ok: false }>['reason'];

const MESSAGE = {
  cancelled: 'auth.authenticatorUnlock.unlockCancelled',
  'no-prf': 'auth.authenticatorUnlock.unlockFailed',
  failed: 'auth.authenticatorUnlock.unlockFailed',
  'not-opened': 'auth.authenticatorUnlock.notOpened',
  capped: 'auth.offlineCapped',
  disabled: 'auth.authenticatorUnlock.disabled',
  unknown: 'auth.authenticatorUnlock.unlockFailed',
} as const satisfies Record<Refusal, string>;

interface AuthenticatorUnlockButtonProps {
  userId: number;
  /** The password or PIN the form below asks (the way in when the authenticator fails). */
  secret: 'password' | 'pin';
  /** The session is open (offline, unconfirmed). */
  onUnlocked?: () => Promise<void> | void;
}

/**
 * "Ontgrendelen met dit apparaat" on the offline unlock screens (issue 36), when the user switched unlock with the
 * device's authenticator on here: the authenticator checks the user (fingerprint, face or device PIN), its PRF
 * output opens the data key, and the session opens as with the password. A cancelled or failed authenticator is
 * not a wrong try, and the message says so; the password or PIN form stays below it.
 */
export function AuthenticatorUnlockButton({ userId, secret, onUnlocked }: AuthenticatorUnlockButtonProps) {
  const { t } = useTranslation();
  // Not while offline unlock is off for the user or past the offline cap (the form below says why).
  const [offered] = useState(() => hasAuthenticatorUnlock(userId) && offlineUnlockState(userId)?.kind !== 'disabled' && offlineUnlockAllowedForUser(userId));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  if (!offered) return null;

  const unlock = async () => {
    setBusy(true);
    setRefusal(null);
    const result = await unlockWithAuthenticator(userId).catch((): AuthenticatorUnlockResult => ({ ok: false, reason: 'failed' }));
    setBusy(false);
    if (result.ok) await onUnlocked?.();
    else setRefusal(result.reason);
  };

  return (
    <div className="authenticator-unlock" data-testid="authenticator-unlock">
      <div aria-live="polite">
        {busy ? <p className="authenticator-unlock__busy">{t('auth.authenticatorUnlock.unlocking')}</p> : null}
        {refusal ? (
          <p className="alert alert--error" role="alert">
            {t(MESSAGE[refusal], { secret: t(secret === 'pin' ? 'auth.authenticatorUnlock.yourPin' : 'auth.authenticatorUnlock.yourPassword') })}
          </p>
        ) : null}
      </div>
      <button type="button" className="button button--primary button--block" onClick={() => void unlock()} disabled={busy} aria-busy={busy}>
        {t('auth.authenticatorUnlock.unlock')}
      </button>
      <p className="authenticator-unlock__or">{t(secret === 'pin' ? 'auth.authenticatorUnlock.orPin' : 'auth.authenticatorUnlock.orPassword')}</p>
    </div>
  );
}
