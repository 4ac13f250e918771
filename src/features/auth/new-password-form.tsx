import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import type { MutationResult } from '../../lib/api/client';
import { reasonText } from './auth-text';
import { errorText } from './error-text';
import { NewPasswordFormSchema, type NewPasswordForm } from './form-schemas';
import { PasswordField } from './password-field';
import { useFieldError } from './use-field-error';

interface NewPasswordFormProps {
  idPrefix: string;
  passwordLabel: string;
  confirmLabel: string;
  submitLabel: string;
  submittingLabel: string;
  /** Sends the password; the server's refusal is shown above the form and what was typed stays. */
  onPassword: (password: string) => Promise<MutationResult>;
  onDone: () => void;
}

/** A new password, twice, against the shared policy (reset password, confirm registration). */
export function NewPasswordFormView({ idPrefix, passwordLabel, confirmLabel, submitLabel, submittingLabel, onPassword, onDone }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<v.InferInput<typeof NewPasswordFormSchema>, unknown, NewPasswordForm>({
    resolver: valibotResolver(NewPasswordFormSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const onSubmit = async (values: NewPasswordForm) => {
    setFailure(null);
    try {
      const result = await onPassword(values.password);
      if (result.success) onDone();
      else setFailure(reasonText(t, result.reason, result.params));
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {failure ? (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      <PasswordField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        autoComplete="new-password"
        hint={t('auth.common.passwordPolicy')}
        registration={register('password')}
        error={fieldError(errors.password, passwordLabel)}
      />
      <PasswordField
        id={`${idPrefix}-confirm`}
        label={confirmLabel}
        autoComplete="new-password"
        registration={register('passwordConfirmation')}
        error={fieldError(errors.passwordConfirmation, confirmLabel)}
      />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}
