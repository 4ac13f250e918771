import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { graphMutation } from '../../lib/api/client';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { ChangeEmailSchema } from '../../domain/users/email-change';
import { Link } from '@tanstack/react-router';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { FormText, applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';

const changeEmail = (password: string, email: string) =>
  graphMutation('changeEmail', 'mutation($password: String!, $email: String!) { changeEmail(password: $password, email: $email) { success reason params } }', { password, email });
const undoEmailChange = (token: string) =>
  graphMutation('undoEmailChange', 'mutation($token: String!) { undoEmailChange(token: $token) { success reason params } }', { token });

/**
 * "E-mailadres wijzigen" on the profile (issue 20): online only, with the password again; the old address
 * is mailed a link that undoes it. Not while acting as someone else.
 */
export function ChangeEmailSection({ current }: { current: string }) {
  const { t } = useTranslation();
  const { identityChain } = useSnapshot(sessionStore);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const impersonating = identityChain.length > 0;
  // react-hook-form with the write's schema (issue 21); online only, so nothing to keep offline but the typed address.
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting: busy } } = useForm<{ email: string; password: string }, unknown, { email: string; password: string }>({
    defaultValues: { email: '', password: '' },
    resolver: schemaResolver(t, ChangeEmailSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const submit = async (values: { email: string; password: string }) => {
    setMessage(null);
    try {
      const res = await changeEmail(values.password, values.email);
      if (res.success) {
        setMessage({ kind: 'ok', text: t('admin.profile.emailChange.done', { email: values.email }) });
        reset();
      } else {
        // a wrong password or a taken address lands on its field, the focus with it
        const params = res.reason === 'auth.validation.password.oldIncorrect' ? { ...res.params, field: 'password' } : res.params;
        const text = applyRefusal(t, setError, ['email', 'password'], res.reason, params);
        if (text) setMessage({ kind: 'error', text });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    }
  };

  return (
    <section className="admin-form" aria-labelledby="email-change-title">
      <h2 id="email-change-title">{t('admin.profile.emailChange.title')}</h2>
      <p className="admin-muted">{t('admin.profile.emailChange.current', { email: current || t('admin.common.none') })}</p>
      {impersonating ? (
        <p className="admin-muted" role="note">{t('reasons.impersonationIdentity')}</p>
      ) : (
        <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
          <p className="admin-muted">{t('admin.profile.emailChange.intro')}</p>
          <FormText label={t('admin.profile.emailChange.email')} type="email" registration={register('email')} error={errors.email?.message} autoComplete="email" />
          <FormText label={t('admin.profile.emailChange.password')} type="password" registration={register('password')} error={errors.password?.message} autoComplete="current-password" />
          <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('admin.profile.emailChange.busy') : t('admin.profile.emailChange.submit')}</button>
        </form>
      )}
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'} className={`alert ${message.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{message.text}</p> : null}
    </section>
  );
}

/** /e-mail-herstellen/:token: the link mailed to the old address puts it back and ends every session. */
export function EmailUndoPage({ token }: { token: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.profile.emailUndo.title'));
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; text: string }>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      const res = await undoEmailChange(token);
      setState(res.success ? { kind: 'done' } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setState({ kind: 'error', text: failureText(t, error) });
    }
  };
  return (
    <PublicFrame>
      <section className="login card auth-card" aria-labelledby="email-undo-title">
        <h1 id="email-undo-title" className="login__title">{t('admin.profile.emailUndo.title')}</h1>
        {state.kind === 'done' ? (
          <p className="alert alert--success" role="status">{t('admin.profile.emailUndo.done')}</p>
        ) : (
          <>
            <div className="login__intro"><p>{t('admin.profile.emailUndo.intro')}</p></div>
            {state.kind === 'error' ? <p className="alert alert--error" role="alert">{state.text}</p> : null}
            <button type="button" className="button button--primary" disabled={state.kind === 'busy'} onClick={() => void run()}>
              {state.kind === 'busy' ? t('admin.profile.emailUndo.busy') : t('admin.profile.emailUndo.submit')}
            </button>
          </>
        )}
        <ul className="login__links">
          <li>
            <Link to="/login/{-$request}" params={{ request: undefined }}>{t('auth.common.backToLogin')}</Link>
          </li>
        </ul>
      </section>
    </PublicFrame>
  );
}
