import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { AuthCard } from './auth-card';
import { register as registerParticipant } from './auth-api';
import { reasonText } from './auth-text';
import { errorText } from './error-text';
import { RegisterFormSchema, type RegisterForm } from './form-schemas';
import { TextField } from './text-field';
import { useFieldError } from './use-field-error';

/** /aanmelden: participant self-registration with a code, a username and an e-mail address. */
export function RegisterPage() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<v.InferInput<typeof RegisterFormSchema>, unknown, RegisterForm>({
    resolver: valibotResolver(RegisterFormSchema),
    defaultValues: { code: '', username: '', email: '' },
  });

  const onSubmit = async (values: RegisterForm) => {
    setFailure(null);
    try {
      const result = await registerParticipant(values.code, values.username, values.email);
      if (result.success) {
        setSent(true);
        return;
      }
      const text = reasonText(t, result.reason, result.params);
      if (result.reason === 'auth.registrationCodeInvalid') setError('code', { type: 'server', message: text }, { shouldFocus: true });
      else if (result.reason === 'auth.usernameInUse') setError('username', { type: 'server', message: text }, { shouldFocus: true });
      else setFailure(text);
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  const labels = { code: t('auth.register.code'), username: t('auth.register.username'), email: t('auth.register.email') };
  return (
    <AuthCard title={t('auth.register.title')} intro={sent ? null : <p>{t('auth.register.intro')}</p>}>
      {sent ? (
        <p className="alert alert--success" role="status">
          {t('auth.registrationSent')}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {failure ? (
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
          ) : null}
          <TextField id="register-code" label={labels.code} autoCapitalize="characters" spellCheck={false} registration={register('code')} error={fieldError(errors.code, labels.code)} />
          <TextField
            id="register-username"
            label={labels.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            registration={register('username')}
            error={fieldError(errors.username, labels.username)}
          />
          <TextField id="register-email" type="email" label={labels.email} autoComplete="email" registration={register('email')} error={fieldError(errors.email, labels.email)} />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
