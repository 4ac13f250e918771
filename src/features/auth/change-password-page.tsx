import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { safeRedirectTarget } from '../../domain/navigation/access';
import { completeStep, passwordChangePending } from '../../lib/api/auth-flow-state';
import { AuthCard } from './auth-card';
import { changePassword } from './auth-api';
import { errorText } from './error-text';
import { ChangePasswordFormSchema, type ChangePasswordForm } from './form-schemas';
import { PasswordField } from './password-field';
import { reasonText } from './auth-text';
import { useFieldError } from './use-field-error';
import { refreshPasswordVerifier } from './device-unlock/device-unlock';
import { sessionStore } from '../../lib/session/session-store';

interface ChangePasswordPageProps {
  redirectUri?: string | undefined;
}

/** /user/changepassword: old password, new one twice. Forced (no way around it) while the password is not validated. */
export function ChangePasswordPage({ redirectUri }: ChangePasswordPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const fieldError = useFieldError();
  const [forced] = useState(passwordChangePending);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<v.InferInput<typeof ChangePasswordFormSchema>, unknown, ChangePasswordForm>({
    resolver: valibotResolver(ChangePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', passwordConfirmation: '' },
  });

  const onSubmit = async (values: ChangePasswordForm) => {
    setFailure(null);
    try {
      const result = await changePassword(values.oldPassword, values.newPassword);
      if (!result.success) {
        if (result.reason === 'auth.validation.password.oldIncorrect') {
          setError('oldPassword', { type: 'server', message: reasonText(t, result.reason, result.params) }, { shouldFocus: true });
        } else {
          setFailure(reasonText(t, result.reason, result.params));
        }
        return;
      }
    } catch (error) {
      setFailure(errorText(t, error));
      return;
    }
    completeStep('password_change_required');
    // The device's offline unlock follows the new password (only for the user themselves, not while impersonating).
    const user = sessionStore.user;
    if (user && sessionStore.identityChain.length === 0) await refreshPasswordVerifier(user.id, values.newPassword).catch(() => undefined);
    reset();
    if (forced) {
      await router.navigate({ href: safeRedirectTarget(redirectUri), replace: true });
      return;
    }
    setDone(true);
  };

  return (
    <AuthCard
      inShell
      backToLogin={false}
      title={t('auth.changePassword.title')}
      intro={
        forced ? (
          <p className="alert alert--warning" role="status">
            {t('auth.changePassword.forced')}
          </p>
        ) : (
          <p>{t('auth.changePassword.intro')}</p>
        )
      }
    >
      {done ? (
        <p className="alert alert--success" role="status">
          {t('auth.passwordChanged')}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <PasswordField
          id="change-old-password"
          label={t('auth.changePassword.oldPassword')}
          autoComplete="current-password"
          registration={register('oldPassword')}
          error={fieldError(errors.oldPassword, t('auth.changePassword.oldPassword'))}
        />
        <PasswordField
          id="change-new-password"
          label={t('auth.changePassword.newPassword')}
          autoComplete="new-password"
          hint={t('auth.common.passwordPolicy')}
          registration={register('newPassword')}
          error={fieldError(errors.newPassword, t('auth.changePassword.newPassword'))}
        />
        <PasswordField
          id="change-confirm-password"
          label={t('auth.changePassword.confirmPassword')}
          autoComplete="new-password"
          registration={register('passwordConfirmation')}
          error={fieldError(errors.passwordConfirmation, t('auth.changePassword.confirmPassword'))}
        />
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('auth.changePassword.submitting') : t('auth.changePassword.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
