import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { AuthCard } from './auth-card';
import { requestPasswordReset } from './auth-api';
import { errorText } from './error-text';
import { ForgotPasswordFormSchema, type ForgotPasswordForm } from './form-schemas';
import { TextField } from './text-field';
import { useFieldError } from './use-field-error';

/** /login/forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<v.InferInput<typeof ForgotPasswordFormSchema>, unknown, ForgotPasswordForm>({
    resolver: valibotResolver(ForgotPasswordFormSchema),
    defaultValues: { username: '' },
  });
  const label = t('auth.forgotPassword.username');

  const onSubmit = async (values: ForgotPasswordForm) => {
    setFailure(null);
    try {
      await requestPasswordReset(values.username);
      setSent(true);
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <AuthCard title={t('auth.forgotPassword.title')} intro={<p>{t('auth.forgotPassword.intro')}</p>}>
      {sent ? (
        <p className="alert alert--success" role="status">
          {t('auth.passwordResetSent')}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {failure ? (
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
          ) : null}
          <TextField
            id="forgot-username"
            label={label}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            registration={register('username')}
            error={fieldError(errors.username, label)}
          />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
