import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { AuthCard } from './auth-card';
import { confirmInvitation, fetchInvitation, type InvitationLink } from './auth-api';
import { reasonText } from './auth-text';
import { errorText } from './error-text';
import { ConfirmInvitationFormSchema, type ConfirmInvitationForm } from './form-schemas';
import { PasswordField } from './password-field';
import { TextField } from './text-field';
import { useFieldError } from './use-field-error';

const STATE_TEXT = {
  expired: 'auth.invitationExpired',
  revoked: 'auth.invitationRevoked',
  used: 'auth.invitationUsed',
  not_found: 'auth.invitationNotFound',
} as const;

type Load = { state: 'loading' } | { state: 'ready'; invitation: InvitationLink } | { state: 'failed'; message: string };

/** /login/confirm-invitation/:token: accept an invitation by choosing a password (and, if wished, another username). */
export function ConfirmInvitationPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<v.InferInput<typeof ConfirmInvitationFormSchema>, unknown, ConfirmInvitationForm>({
    resolver: valibotResolver(ConfirmInvitationFormSchema),
    defaultValues: { username: '', password: '', passwordConfirmation: '' },
  });

  useEffect(() => {
    const controller = new AbortController();
    fetchInvitation(token, controller.signal).then(
      (invitation) => {
        setLoad({ state: 'ready', invitation });
        reset({ username: invitation.username ?? '', password: '', passwordConfirmation: '' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: errorText(t, error) });
      },
    );
    return () => controller.abort();
  }, [token, reset, t]);

  const onSubmit = async (values: ConfirmInvitationForm) => {
    setFailure(null);
    try {
      const result = await confirmInvitation(token, values.username || null, values.password);
      if (result.success) setDone(true);
      else setFailure(reasonText(t, result.reason, result.params));
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  const invitation = load.state === 'ready' ? load.invitation : null;
  const name = invitation ? [invitation.givenName, invitation.surname].filter(Boolean).join(' ') : '';
  const labels = {
    username: t('auth.confirmInvitation.username'),
    password: t('auth.confirmInvitation.password'),
    confirm: t('auth.confirmInvitation.confirmPassword'),
  };

  let body;
  if (load.state === 'loading') {
    body = (
      <p className="auth-progress" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('auth.common.loading')}
      </p>
    );
  } else if (load.state === 'failed') {
    body = (
      <p className="alert alert--error" role="alert">
        {load.message}
      </p>
    );
  } else if (done) {
    body = (
      <p className="alert alert--success" role="status">
        {t('auth.confirmInvitation.done')}
      </p>
    );
  } else if (invitation && invitation.state !== 'valid') {
    body = (
      <p className="alert alert--warning" role="alert">
        {t(STATE_TEXT[invitation.state])}
      </p>
    );
  } else {
    body = (
      <>
        <p className="login__intro">{name ? t('auth.confirmInvitation.intro', { name }) : t('auth.confirmInvitation.introNoName')}</p>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          {failure ? (
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
          ) : null}
          <TextField
            id="invitation-username"
            label={labels.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            registration={register('username')}
            error={fieldError(errors.username, labels.username)}
          />
          <PasswordField
            id="invitation-password"
            label={labels.password}
            autoComplete="new-password"
            hint={t('auth.common.passwordPolicy')}
            registration={register('password')}
            error={fieldError(errors.password, labels.password)}
          />
          <PasswordField
            id="invitation-confirm"
            label={labels.confirm}
            autoComplete="new-password"
            registration={register('passwordConfirmation')}
            error={fieldError(errors.passwordConfirmation, labels.confirm)}
          />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('auth.confirmInvitation.submitting') : t('auth.confirmInvitation.submit')}
          </button>
        </form>
      </>
    );
  }
  return <AuthCard title={t('auth.confirmInvitation.title')}>{body}</AuthCard>;
}
