import '../auth.css';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PasswordField } from '../password-field';
import { MAX_FAILURES } from './attempts';
import { offlineUnlockState, unlockOffline, type UnlockState } from './device-unlock';

const UnlockSchema = v.object({ password: v.pipe(v.string(), v.nonEmpty('validation.required')) });
type UnlockValues = v.InferOutput<typeof UnlockSchema>;

interface LockOfflineUnlockProps {
  /** The locked user (the device holds a verifier for them: `hasOfflineVerifier`). */
  userId: number;
  username: string;
  name: string;
}

/** Whole seconds until `until`, at least 1 while waiting. */
const secondsLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/**
 * The lock screen's offline unlock (src/features/auth/lock-screen.tsx, issue 18): offline, the locked
 * user's password is checked on this device (`unlockOffline`, the same wrong-try limits as after a
 * restart). Right: the session opens again on the same replica, unconfirmed, so nothing is pushed
 * until the server confirms it; the lock ends and the page that was open comes back.
 */
export function LockOfflineUnlock({ userId, username, name }: LockOfflineUnlockProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<UnlockState | null>(() => offlineUnlockState(userId));
  const [wrong, setWrong] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UnlockValues>({ resolver: valibotResolver(UnlockSchema), defaultValues: { password: '' } });

  const waitingUntil = state?.kind === 'wait' ? state.until : null;
  useEffect(() => {
    if (waitingUntil === null) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= waitingUntil) {
        setState(offlineUnlockState(userId));
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waitingUntil, userId]);

  useEffect(() => {
    if (state?.kind === 'ready') setFocus('password');
  }, [state?.kind, setFocus]);

  const onSubmit = async (values: UnlockValues) => {
    setWrong(null);
    const result = await unlockOffline(userId, values.password);
    reset({ password: '' });
    // Right: the lock has ended (openOfflineSession) and the shell replaces this screen.
    if (result.ok) return;
    setNow(Date.now());
    if (result.reason === 'wrong') {
      setState(result.state);
      setWrong(MAX_FAILURES - result.failures);
    } else if (result.reason === 'wait') {
      setState({ kind: 'wait', until: result.until });
    } else {
      setState({ kind: 'disabled' });
    }
  };

  const passwordLabel = t('auth.deviceUnlock.password');
  const fieldError = errors.password ? t('validation.required', { field: passwordLabel }) : null;
  return (
    <div className="lock-screen__offline" data-testid="lock-offline-unlock">
      <p>{t('auth.lock.offlineUnlock', { name, username })}</p>
      <div aria-live="polite">
        {wrong !== null && state?.kind !== 'disabled' ? (
          <p className="alert alert--error" role="alert">
            {t('auth.deviceUnlock.wrong', { remaining: wrong })}
          </p>
        ) : null}
        {state?.kind === 'wait' ? (
          <p className="alert alert--warning" data-testid="offline-unlock-wait">
            {t('auth.deviceUnlock.wait', { seconds: secondsLeft(state.until, now) })}
          </p>
        ) : null}
        {state === null || state.kind === 'disabled' ? (
          <p className="alert alert--error" role="alert" data-testid="offline-unlock-disabled">
            {t(state === null ? 'auth.deviceUnlock.unknown' : 'auth.deviceUnlock.disabled')}
          </p>
        ) : null}
      </div>
      {state !== null && state.kind !== 'disabled' ? (
        <form className="login__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <input type="text" hidden readOnly autoComplete="username" value={username} />
          <PasswordField id="lock-offline-password" label={passwordLabel} autoComplete="current-password" error={fieldError} registration={register('password')} />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting || state.kind !== 'ready'}>
            {isSubmitting ? t('auth.deviceUnlock.checking') : t('auth.lock.offlineSubmit')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
