import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AddInvitationSchema } from '../../domain/users/invitation-input';
import { Role } from '../../domain/shared/roles';
import { addInvitation, deleteInvitation, resendInvitation } from './api';
import { listInvitations, participantName, roleChoices, type InvitationView } from './queries';
import { failureText, reasonText } from './reason';
import { applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';
import './invitations.css';

interface Props {
  /** /invitations/participant/:participantId: only that participant's invitations; new ones give them a login. */
  participantId: number | null;
}

const EMPTY = { username: '', email: '', givenName: '', surname: '', roleId: String(Role.coach) };
type Values = typeof EMPTY;
const FIELDS = Object.keys(EMPTY) as (keyof Values)[];

/** /invitations: running and expired invitations; add, resend, remove. */
export function InvitationsPage({ participantId }: Props) {
  const { t, i18n } = useTranslation();
  const name = useReplicaQuery((r) => (participantId === null ? Promise.resolve(null) : participantName(r, participantId)), [participantId]);
  const title = participantId === null ? t('admin.invitations.title') : t('admin.invitations.titleParticipant', { name: name ?? '' });
  useDocumentTitle(title);
  const [now] = useState(() => Date.now());
  const list = useReplicaQuery((r) => listInvitations(r, participantId, now), [participantId, now]);
  const roles = useReplicaQuery((r) => roleChoices(r), []);
  const [tab, setTab] = useState<'running' | 'expired'>('running');
  const blank: Values = participantId === null ? EMPTY : { ...EMPTY, roleId: String(Role.participant) };
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const ids = { username: useId(), email: useId(), given: useId(), surname: useId(), role: useId() };
  const toInput = (values: Values) => ({ ...values, participantId: participantId === null ? undefined : String(participantId) });
  // react-hook-form with the write's schema (issue 21): a message goes as its field becomes valid, focus to the first error.
  const { register, handleSubmit, reset, setError, getValues, formState: { errors, isSubmitting: busy } } = useForm<Values, unknown, unknown>({
    defaultValues: blank,
    resolver: schemaResolver(t, AddInvitationSchema, toInput),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const submit = async () => {
    setMessage(null);
    const values = getValues();
    try {
      const res = await addInvitation(toInput(values));
      if (res.success) {
        setMessage({ kind: 'ok', text: t('admin.invitations.sent', { email: values.email }) });
        reset(blank);
      } else {
        const text = applyRefusal(t, setError, FIELDS, res.reason, res.params);
        if (text) setMessage({ kind: 'error', text });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    }
  };

  const act = async (row: InvitationView, action: 'resend' | 'remove') => {
    if (action === 'remove' && !window.confirm(t('admin.invitations.removeConfirm', { username: row.username }))) return;
    try {
      const res = action === 'resend' ? await resendInvitation(String(row.id)) : await deleteInvitation(String(row.id));
      setMessage(res.success ? { kind: 'ok', text: t(action === 'resend' ? 'admin.invitations.resent' : 'admin.invitations.removed') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    }
  };

  const shown = (list ?? []).filter((i) => (tab === 'running' ? i.state === 'running' : i.state !== 'running'));
  const field = (key: keyof Values, id: string, label: string, type = 'text') => (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      <input id={id} className="input" type={type} autoComplete="off" aria-invalid={errors[key] ? true : undefined} aria-describedby={errors[key] ? `${id}-e` : undefined} {...register(key)} />
      {errors[key] ? <p id={`${id}-e`} className="field__error">{errors[key].message}</p> : null}
    </div>
  );
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <div className="admin-page">
      <h1>{title}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)} aria-labelledby={`${ids.username}-title`}>
        <h2 id={`${ids.username}-title`}>{participantId === null ? t('admin.invitations.add') : t('admin.invitations.forParticipant')}</h2>
        {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
        <div className="admin-form__row">
          {field('username', ids.username, t('admin.users.field.username'))}
          {field('email', ids.email, t('admin.users.field.email'), 'email')}
        </div>
        <div className="admin-form__row">
          {field('givenName', ids.given, t('admin.users.field.givenName'))}
          {field('surname', ids.surname, t('admin.users.field.surname'))}
        </div>
        {participantId === null ? (
          <div className="field">
            <label className="field__label" htmlFor={ids.role}>{t('admin.users.field.role')}</label>
            <select id={ids.role} className="input" aria-invalid={errors.roleId ? true : undefined} aria-describedby={errors.roleId ? `${ids.role}-e` : undefined} {...register('roleId')}>
              {(roles ?? []).filter((r) => r.id !== Role.participant).map((r) => (
                <option key={r.id} value={r.id}>{r.label}</option>
              ))}
            </select>
            {errors.roleId ? <p id={`${ids.role}-e`} className="field__error">{errors.roleId.message}</p> : null}
          </div>
        ) : null}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{t('admin.invitations.add')}</button>
        </div>
      </form>
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'} className={`alert ${message.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{message.text}</p> : null}
      <div role="tablist" className="admin-tabs" aria-label={t('admin.invitations.title')}>
        {(['running', 'expired'] as const).map((key) => (
          <button key={key} type="button" role="tab" id={`inv-tab-${key}`} aria-controls="inv-panel" aria-selected={tab === key} className={tab === key ? 'admin-tab admin-tab--active' : 'admin-tab'} onClick={() => setTab(key)}>
            {key === 'running' ? t('admin.invitations.tabRunning') : t('admin.invitations.tabExpired')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="inv-panel" aria-labelledby={`inv-tab-${tab}`}>
        {!list ? (
          <p aria-live="polite">{t('admin.common.loading')}</p>
        ) : shown.length === 0 ? (
          <p>{t('admin.invitations.empty')}</p>
        ) : (
          <div className="admin-table-wrap">
          <table className="admin-table" data-testid="invitations-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.field.username')}</th>
                <th scope="col">{t('admin.users.field.email')}</th>
                <th scope="col">{t('admin.users.field.role')}</th>
                <th scope="col">{t('admin.invitations.status')}</th>
                <th scope="col">{t('admin.invitations.expires')}</th>
                <th scope="col">{t('admin.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.uuid} data-username={row.username}>
                  <th scope="row">{row.username}</th>
                  <td>{row.email}</td>
                  <td>{row.role}</td>
                  <td>{t(`admin.invitations.${row.state}`)}</td>
                  <td>{date(row.timeExpire)}</td>
                  <td className="admin-actions">
                    {row.state !== 'confirmed' ? (
                      <button type="button" className="button button--small" onClick={() => void act(row, 'resend')} aria-label={`${t('admin.invitations.resend')}: ${row.username}`}>{t('admin.invitations.resend')}</button>
                    ) : null}
                    {row.state === 'running' || row.state === 'expired' ? (
                      <button type="button" className="button button--small" onClick={() => void act(row, 'remove')} aria-label={`${t('admin.invitations.remove')}: ${row.username}`}>{t('admin.invitations.remove')}</button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
      </div>
    </div>
  );
}
