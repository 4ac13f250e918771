import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { MfaCodeSchema } from '../../domain/auth/schemas';
import { MFA_CODE_LENGTH } from '../../domain/shared/constants';
import { authText } from './auth-text';

type CodeInput = v.InferInput<typeof MfaCodeSchema>;
type CodeValues = v.InferOutput<typeof MfaCodeSchema>;

interface MfaCodeFormProps {
  submitLabel: string;
  submittingLabel: string;
  /** Sends the code; answers the error to show next to the field, or null when it was accepted. */
  onCode: (code: string) => Promise<string | null>;
}

/** The six-digit code (01 §9): numeric keyboard, one-time-code autofill, the server's refusal under the field. */
export function MfaCodeForm({ submitLabel, submittingLabel, onCode }: MfaCodeFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput, unknown, CodeValues>({ resolver: valibotResolver(MfaCodeSchema), defaultValues: { code: '' } });

  const onSubmit = async ({ code }: CodeValues) => {
    const problem = await onCode(code);
    if (problem) {
      setError('code', { type: 'server', message: problem });
      setFocus('code');
    }
  };

  const message = errors.code?.message;
  const shown = message ? (errors.code?.type === 'server' ? message : authText(t, message)) : null;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <div className="field">
        <label className="field__label" htmlFor="mfa-code">
          {t('auth.mfaCode.label')}
        </label>
        <p id="mfa-code-hint" className="field__hint">
          {t('auth.mfaCode.hint')}
        </p>
        <input
          id="mfa-code"
          className="input mfa-code__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={MFA_CODE_LENGTH + 2}
          autoFocus
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? 'mfa-code-hint mfa-code-error' : 'mfa-code-hint'}
          {...register('code')}
        />
        {shown ? (
          <p id="mfa-code-error" className="field__error" role="alert">
            {shown}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}
