import '../auth.css';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { PasswordField } from '../password-field';
import { MAX_FAILURES } from './attempts';
import { offlineUnlockState, offlineUsers, unlockOffline, type OfflineUser, type UnlockState } from './device-unlock';

const UnlockSchema = v.object({ password: v.pipe(v.string(), v.nonEmpty('validation.required')) });
type UnlockValues = v.InferOutput<typeof UnlockSchema>;

type Message = { kind: 'wrong'; remaining: number } | { kind: 'unknown' } | null;

interface UnlockPanelProps {
  /** The password was right: the session is open (offline); go where the user was going. */
  onUnlocked: () => Promise<void> | void;
  /** The user prefers the online sign-in form. */
  onOnlineSignIn: () => void;
}

/** Whole seconds until `until`, at least 1 while waiting. */
const secondsLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/**
 * Offline unlock (issue 18): the device's known users, the password checked on this device, growing
 * delays after wrong tries, and no way in after MAX_FAILURES until an online sign-in. Shows no data
 * of the user but their name.
 */
export function UnlockPanel({ onUnlocked, onOnlineSignIn }: UnlockPanelProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.deviceUnlock.title'));
  const [users] = useState<OfflineUser[]>(() => offlineUsers());
  const [userId, setUserId] = useState<number | null>(users[0]?.userId ?? null);
  const [state, setState] = useState<UnlockState | null>(() => (userId === null ? null : offlineUnlockState(userId)));
  const [message, setMessage] = useState<Message>(null);
  const [now, setNow] = useState(() => Date.now());
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
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
        setState(userId === null ? null : offlineUnlockState(userId));
        window.clearInterval(timer);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waitingUntil, userId]);

  useEffect(() => {
    if (state?.kind === 'ready') setFocus('password');
  }, [state?.kind, setFocus]);

  const choose = (id: number) => {
    setUserId(id);
    setMessage(null);
    setState(offlineUnlockState(id));
    reset({ password: '' });
  };

  const onSubmit = async (values: UnlockValues) => {
    if (userId === null) return;
    setMessage(null);
    const result = await unlockOffline(userId, values.password);
    reset({ password: '' });
    if (result.ok) {
      await onUnlocked();
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

  const chosen = users.find((u) => u.userId === userId) ?? null;
  const passwordLabel = t('auth.deviceUnlock.password');
  const fieldError = errors.password ? t('validation.required', { field: passwordLabel }) : null;
  const blocked = state?.kind !== 'ready';

  return (
    <section className="login card" aria-labelledby="unlock-title" data-testid="offline-unlock">
      <h1 id="unlock-title" className="login__title">
        {t('auth.deviceUnlock.title')}
      </h1>
      <p className="login__intro">{t('auth.deviceUnlock.intro')}</p>
      {users.length > 1 ? (
        <fieldset className="field">
          <legend className="field__label">{t('auth.deviceUnlock.whoLegend')}</legend>
          {users.map((u) => (
            <label key={u.userId} className="unlock-choice">
              <input type="radio" name="unlock-user" value={u.userId} checked={u.userId === userId} onChange={() => choose(u.userId)} /> {u.displayName} ({u.username})
            </label>
          ))}
        </fieldset>
      ) : chosen ? (
        <p data-testid="offline-unlock-user">{t('auth.deviceUnlock.user', { name: chosen.displayName, username: chosen.username })}</p>
      ) : null}
      <div aria-live="polite">
        {message?.kind === 'wrong' && state?.kind !== 'disabled' ? (
          <p className="alert alert--error" role="alert">
            {t('auth.deviceUnlock.wrong', { remaining: message.remaining })}
          </p>
        ) : null}
        {message?.kind === 'unknown' ? (
          <p className="alert alert--error" role="alert">
            {t('auth.deviceUnlock.unknown')}
          </p>
        ) : null}
        {state?.kind === 'wait' ? (
          <p className="alert alert--warning" data-testid="offline-unlock-wait">
            {t('auth.deviceUnlock.wait', { seconds: secondsLeft(state.until, now) })}
          </p>
        ) : null}
        {state?.kind === 'disabled' ? (
          <p className="alert alert--error" role="alert" data-testid="offline-unlock-disabled">
            {t('auth.deviceUnlock.disabled')}
          </p>
        ) : null}
      </div>
      {state?.kind !== 'disabled' && chosen ? (
        <form className="login__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {/* The username helps password managers fill the right password. */}
          <input type="text" hidden readOnly autoComplete="username" value={chosen.username} />
          <PasswordField
            id="unlock-password"
            label={passwordLabel}
            autoComplete="current-password"
            error={fieldError}
            registration={register('password')}
          />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting || blocked}>
            {isSubmitting ? t('auth.deviceUnlock.checking') : t('auth.deviceUnlock.submit')}
          </button>
        </form>
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
