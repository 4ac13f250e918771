import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { translateReason } from '../../lib/ui/reason-text';
import { useOnlineStatus } from '../../lib/use-online-status';
import { LoginSchema, type LoginInput, type LoginValues } from './login-schema';
import { PasswordInput } from './password-input';
import { signInWithPassword } from './sign-in';

interface LockSignInFormProps {
  /** The locked user's name (only the password is asked); null: ask for the username too. */
  username: string | null;
  /** After the password grant: the sign-in steps, then back to the locked page (src/features/auth/sign-in-flow.ts). */
  onSignedIn: () => Promise<void>;
  /** The server refused the sign-in (its error code, e.g. `user_blocked`). */
  onRefused?: (username: string, code: string | null) => void;
}

/**
 * The lock screen's sign-in (src/features/auth/lock-screen.tsx): the ordinary password grant, sent to
 * the server, for the user whose screen locked. Offline it cannot be checked: the button waits for a
 * connection and the lock screen says the work is kept meanwhile.
 */
export function LockSignInForm({ username, onSignedIn, onRefused }: LockSignInFormProps) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const knownUser = username !== null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: valibotResolver(LoginSchema),
    defaultValues: { username: username ?? '', password: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    const result = await signInWithPassword(values.username, values.password);
    if (!result.ok) {
      // A blocked account: told why (below), and this device no longer opens offline for it.
      if (result.reason === 'rejected') onRefused?.(values.username, result.code);
      setFailure(
        result.reason === 'network'
          ? t('auth.lock.offline')
          : translateReason(t, result.messageKey, { minutes: 15, ...(result.params ?? {}) }, 'errors.invalidCredentials'),
      );
      return;
    }
    await onSignedIn();
  };

  const usernameLabel = t('login.username');
  const passwordLabel = t('login.password');
  return (
    <form className="login__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      {knownUser ? (
        <input type="hidden" autoComplete="username" {...register('username')} />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor="lock-username">
            {usernameLabel}
          </label>
          <input
            id="lock-username"
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? 'lock-username-error' : undefined}
            {...register('username')}
          />
          {errors.username ? (
            <p id="lock-username-error" className="field__error">
              {t('validation.required', { field: usernameLabel })}
            </p>
          ) : null}
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor="lock-password">
          {passwordLabel}
        </label>
        <PasswordInput
          id="lock-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'lock-password-error' : undefined}
          {...register('password')}
        />
        {errors.password ? (
          <p id="lock-password-error" className="field__error">
            {t('validation.required', { field: passwordLabel })}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting || !online}>
        {isSubmitting ? t('auth.lock.submitting') : t('auth.lock.submit')}
      </button>
    </form>
  );
}
