import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { Role } from '../../domain/shared/roles';
import { fetchImitationOptions, setImitationOptions } from './api';
import { searchUsers, userById, fullName } from './queries';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import './users.css';

/** /user/:id/imitation-options: the users this user may act as. */
export function ImitationOptionsPage({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useReplicaQuery((r) => userById(r, userId), [userId]);
  const name = user ? fullName(user) : '';
  useDocumentTitle(t('admin.imitation.title', { name }));
  const [filter, setFilter] = useState('');
  const candidates = useReplicaQuery((r) => searchUsers(r, { text: filter, roleId: null, includeBlocked: false, sortBy: 'name', descending: false, page: 1, perPage: 0 }), [filter]);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const filterId = useId();

  useEffect(() => {
    fetchImitationOptions(String(userId)).then((ids) => setChosen(new Set(ids)), (error: unknown) => setMessage({ kind: 'error', text: failureText(t, error) }));
  }, [userId, t]);

  const save = async () => {
    if (!chosen) return;
    try {
      const res = await setImitationOptions(String(userId), [...chosen]);
      setMessage(res.success ? { kind: 'ok', text: t('admin.imitation.saved') } : { kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    }
  };

  if (user === null) return <p role="alert">{t('admin.users.notFound')}</p>;
  const rows = (candidates?.rows ?? []).filter((u) => u.id !== userId);
  return (
    <div className="admin-page">
      <h1>{t('admin.imitation.title', { name })}</h1>
      <p>{t('admin.imitation.intro', { name })}</p>
      <div className="field">
        <label className="field__label" htmlFor={filterId}>{t('admin.imitation.filter')}</label>
        <input id={filterId} className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {!chosen || !candidates ? (
        <p aria-live="polite">{t('admin.common.loading')}</p>
      ) : (
        <fieldset className="admin-form">
          <legend>{t('admin.users.imitationOptions')}</legend>
          {rows.map((u) => (
            <label key={u.uuid} className="admin-check">
              <input
                type="checkbox"
                checked={chosen.has(String(u.id))}
                disabled={u.role === '' || u.id === Role.superAdministrator}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(String(u.id));
                  else next.delete(String(u.id));
                  setChosen(next);
                }}
              />
              {u.name} ({u.role})
            </label>
          ))}
        </fieldset>
      )}
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'} className={`alert ${message.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{message.text}</p> : null}
      <div className="admin-form__actions">
        <button type="button" className="button button--primary" onClick={() => void save()}>{t('admin.common.save')}</button>
        <Link to="/user" className="button">{t('admin.common.back')}</Link>
      </div>
    </div>
  );
}
