import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { MfaSecretRequestSchema } from '../../domain/auth/schemas';
import { authText } from './auth-text';
import { PasswordField } from './password-field';

type PasswordInput = v.InferInput<typeof MfaSecretRequestSchema>;
type PasswordValues = v.InferOutput<typeof MfaSecretRequestSchema>;

interface MfaPasswordFormProps {
  /** Sends the password; answers the error to show under the field, or null when it was accepted. */
  onPassword: (password: string) => Promise<string | null>;
}

/** Before an authenticator is enrolled, the password once more (a session alone may not enrol one). */
export function MfaPasswordForm({ onPassword }: MfaPasswordFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInput, unknown, PasswordValues>({ resolver: valibotResolver(MfaSecretRequestSchema), defaultValues: { password: '' } });

  const onSubmit = async ({ password }: PasswordValues) => {
    const problem = await onPassword(password);
    if (problem) {
      setError('password', { type: 'server', message: problem });
      setFocus('password');
    }
  };
  const message = errors.password?.message;
  const shown = message ? (errors.password?.type === 'server' ? message : authText(t, message, { field: t('security.mfaPassword.label') })) : null;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <p>{t('security.mfaPassword.intro')}</p>
      <PasswordField id="mfa-password" label={t('security.mfaPassword.label')} registration={register('password')} autoComplete="current-password" error={shown} />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? t('security.mfaPassword.submitting') : t('security.mfaPassword.submit')}
      </button>
    </form>
  );
}
