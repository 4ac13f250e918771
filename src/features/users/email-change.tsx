import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import * as v from 'valibot';
import { sessionStore } from '../../app/session-store';
import { graphMutation } from '../../lib/api/client';
import { TextInput } from '../../lib/ui/text-input';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { ChangeEmailSchema } from '../../domain/users/email-change';
import { Link } from '@tanstack/react-router';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const impersonating = identityChain.length > 0;

  const submit = async () => {
    setMessage(null);
    const parsed = v.safeParse(ChangeEmailSchema, { email, password });
    if (!parsed.success) {
      const next: { email?: string; password?: string } = {};
      for (const issue of parsed.issues) {
        const key = issue.path?.[0]?.key;
        if ((key === 'email' || key === 'password') && !next[key]) next[key] = reasonText(t, issue.message, { field: key });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await changeEmail(parsed.output.password, parsed.output.email);
      if (res.success) {
        setMessage({ kind: 'ok', text: t('admin.profile.emailChange.done', { email: parsed.output.email }) });
        setPassword('');
        setEmail('');
      } else {
        setMessage({ kind: 'error', text: reasonText(t, res.reason, res.params) });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-form" aria-labelledby="email-change-title">
      <h2 id="email-change-title">{t('admin.profile.emailChange.title')}</h2>
      <p className="admin-muted">{t('admin.profile.emailChange.current', { email: current || t('admin.common.none') })}</p>
      {impersonating ? (
        <p className="admin-muted" role="note">{t('reasons.impersonationIdentity')}</p>
      ) : (
        <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <p className="admin-muted">{t('admin.profile.emailChange.intro')}</p>
          <TextInput label={t('admin.profile.emailChange.email')} type="email" value={email} onChange={setEmail} error={errors.email} name="new-email" autoComplete="email" />
          <TextInput label={t('admin.profile.emailChange.password')} type="password" value={password} onChange={setPassword} error={errors.password} name="current-password" autoComplete="current-password" />
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
