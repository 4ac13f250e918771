import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import { LoginSchema } from './login-schema';
import type { LoginInput, LoginValues } from './login-schema';
import { PasswordInput } from './password-input';
import { signInWithPassword } from './sign-in';
import { translateReason } from '../../lib/ui/reason-text';

interface LoginFormProps {
  /** The server accepted the password (what the user typed is passed on for the device's offline verifier). */
  onSignedIn: (credentials: { username: string; password: string }) => Promise<void>;
  /** The server could not be reached. */
  onUnreachable?: () => void;
  /** The server refused the sign-in (its error code, e.g. `user_blocked`). */
  onRefused?: (username: string, code: string | null) => void;
}

/** Username and password with required-field validation; posts the password grant. */
export function LoginForm({ onSignedIn, onUnreachable, onRefused }: LoginFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: valibotResolver(LoginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    const result = await signInWithPassword(values.username, values.password);
    if (result.ok) {
      await onSignedIn({ username: values.username, password: values.password });
      return;
    }
    if (result.reason === 'network') onUnreachable?.();
    else onRefused?.(values.username, result.code);
    setFailure(result.reason === 'network' ? t('errors.network') : translateReason(t, result.messageKey, { minutes: 15, ...(result.params ?? {}) }, 'errors.invalidCredentials'));
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
      <div className="field">
        <label className="field__label" htmlFor="login-username">
          {usernameLabel}
        </label>
        <input
          id="login-username"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'login-username-error' : undefined}
          {...register('username')}
        />
        {errors.username ? (
          <p id="login-username-error" className="field__error">
            {t('validation.required', { field: usernameLabel })}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="login-password">
          {passwordLabel}
        </label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {errors.password ? (
          <p id="login-password-error" className="field__error">
            {t('validation.required', { field: passwordLabel })}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
