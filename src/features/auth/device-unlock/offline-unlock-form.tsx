import '../auth.css';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PasswordField } from '../password-field';
import { MAX_FAILURES } from './attempts';
import { readBootUnlock } from './boot-unlock';
import { offlineUnlockState, unlockOffline, type UnlockState } from './device-unlock';
import { offlineUnlockAllowedForUser } from './offline-cap';

const UnlockSchema = v.object({ password: v.pipe(v.string(), v.nonEmpty('validation.required')) });
type UnlockValues = v.InferOutput<typeof UnlockSchema>;

type Message = { kind: 'wrong'; remaining: number } | { kind: 'unknown' } | null;

/** Whole seconds until `until`, at least 1 while waiting. */
const secondsLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

interface OfflineUnlockFormProps {
  userId: number;
  username: string;
  /** What the device checks: the password, or the device PIN an SSO-only user set (issue 24). */
  secret: 'password' | 'pin';
  /** The field's id (one form per screen). */
  fieldId: string;
  submitLabel: string;
  /** Right: the session is open (offline, unconfirmed). */
  onUnlocked?: () => Promise<void> | void;
  /**
   * Take over the boot unlock form (public/offline-unlock-boot.js) at mount, when it is for this user:
   * what was typed, the focus and caret, and a pending submit. The caller releases the boot form.
   */
  takeOverBootForm?: boolean;
}

/**
 * The offline unlock form of both the sign-in page (`UnlockPanel`) and the lock screen (`LockOfflineUnlock`):
 * the password or device PIN checked on this device (`unlockOffline`), growing delays after wrong tries with a
 * countdown, and no way in after MAX_FAILURES until an online sign-in. Remount it (key) for another user.
 */
export function OfflineUnlockForm({ userId, username, secret, fieldId, submitLabel, onUnlocked, takeOverBootForm = false }: OfflineUnlockFormProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<UnlockState | null>(() => offlineUnlockState(userId));
  const [message, setMessage] = useState<Message>(null);
  const [now, setNow] = useState(() => Date.now());
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<UnlockValues>({ resolver: valibotResolver(UnlockSchema), defaultValues: { password: '' } });

  // While waiting: count down each second, then allow the next try.
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

  // Past the company's offline cap (issue 36): no try at all; an online sign-in opens it again.
  const capped = !offlineUnlockAllowedForUser(userId);
  const onSubmit = async (values: UnlockValues) => {
    setMessage(null);
    if (!offlineUnlockAllowedForUser(userId)) {
      reset({ password: '' });
      return;
    }
    const result = await unlockOffline(userId, values.password);
    reset({ password: '' });
    if (result.ok) {
      await onUnlocked?.();
      return;
    }
    setNow(Date.now());
    if (result.reason === 'wrong') {
      setState(result.state);
      setMessage({ kind: 'wrong', remaining: MAX_FAILURES - result.failures });
    } else if (result.reason === 'wait') {
      setState({ kind: 'wait', until: result.until });
    } else if (result.reason === 'disabled') {
      setState({ kind: 'disabled' });
    } else {
      setMessage({ kind: 'unknown' });
    }
  };

  // Before the first paint of this form (a layout effect): the boot form goes in the same commit
  // (UnlockPanel releases it), so no keystroke falls between the two and nothing typed is lost.
  useLayoutEffect(() => {
    const boot = takeOverBootForm ? readBootUnlock(userId) : null;
    if (!boot) return;
    setValue('password', boot.password);
    const field = document.getElementById(fieldId);
    if (boot.focused && field instanceof HTMLInputElement) {
      field.focus();
      if (boot.selection) field.setSelectionRange(boot.selection.start, boot.selection.end);
    }
    if (boot.submitted) void handleSubmit(onSubmit)();
    // Once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const label = t(secret === 'pin' ? 'auth.deviceUnlock.pin' : 'auth.deviceUnlock.password');
  const fieldError = errors.password ? t('validation.required', { field: label }) : null;
  const unknown = state === null || message?.kind === 'unknown';
  return (
    <>
      <div aria-live="polite">
        {message?.kind === 'wrong' && state?.kind !== 'disabled' ? (
          <p className="alert alert--error" role="alert">
            {t(secret === 'pin' ? 'auth.deviceUnlock.pinWrong' : 'auth.deviceUnlock.wrong', { remaining: message.remaining })}
          </p>
        ) : null}
        {state?.kind === 'wait' ? (
          <p className="alert alert--warning" data-testid="offline-unlock-wait">
            {t('auth.deviceUnlock.wait', { seconds: secondsLeft(state.until, now) })}
          </p>
        ) : null}
        {capped ? (
          <p className="alert alert--error" role="alert" data-testid="offline-unlock-capped">
            {t('auth.offlineCapped')}
          </p>
        ) : null}
        {!capped && (unknown || state?.kind === 'disabled') ? (
          <p className="alert alert--error" role="alert" data-testid="offline-unlock-disabled">
            {t(unknown ? 'auth.deviceUnlock.unknown' : 'auth.deviceUnlock.disabled')}
          </p>
        ) : null}
      </div>
      {!capped && state !== null && state.kind !== 'disabled' ? (
        <form className="login__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {/* The username helps password managers fill the right password. */}
          <input type="text" hidden readOnly autoComplete="username" value={username} />
          <PasswordField id={fieldId} label={label} autoComplete="current-password" error={fieldError} registration={register('password')} />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting || state.kind !== 'ready'}>
            {isSubmitting ? t('auth.deviceUnlock.checking') : submitLabel}
          </button>
        </form>
      ) : null}
    </>
  );
}
