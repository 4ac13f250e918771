import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AuthAdapterInputSchema } from '../../domain/company-settings/auth-adapters';
import { deleteAdapter, fetchAdapters, saveAdapter, type Adapter, type AdapterInput } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';
import './company-settings.css';

const EXAMPLES: Record<string, string> = {
  oidc: '{"issuer":"https://login.example.nl","clientId":"werkpad","clientSecret":"…","provisionUsers":false}',
  saml2: '{"entityId":"https://idp.example.nl","ssoUrl":"https://idp.example.nl/sso","idpCertificate":"-----BEGIN CERTIFICATE-----…"}',
  entra_id: '{"tenantId":"00000000-0000-0000-0000-000000000000","clientId":"00000000-0000-0000-0000-000000000000","clientSecret":"…"}',
};
type Values = { adapter: string; label: string; settings: string; notes: string };
const EMPTY: Values = { adapter: 'oidc', label: '', settings: '', notes: '' };

/** /company/:id/authentication/sso: the company's authentication adapters (add, edit, delete). */
export function SsoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.ssoTitle'));
  const id = useId();
  const [data, setData] = useState<{ catalogue: { id: string; label: string }[]; adapters: Adapter[] } | null>(null);
  // the adapter being edited (undefined: a new one); its fields on react-hook-form with the write's schema (issue 21)
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [error, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fetchAdapters().then(
      (d) => live && setData(d),
      (e: unknown) => live && setFailure(failureText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [t, version]);

  const toInput = (values: Values): AdapterInput => ({ ...values, ...(editing ? { uuid: editing } : {}) });
  const { register, control, handleSubmit, reset, setError, getValues, formState: { errors } } = useForm<Values, unknown, unknown>({
    defaultValues: EMPTY,
    resolver: schemaResolver(t, AuthAdapterInputSchema, toInput),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const adapter = useWatch({ control, name: 'adapter' });
  const edit = (uuid: string | undefined, values: Values) => {
    setEditing(uuid);
    reset(values);
  };

  const submit = async () => {
    setFailure(null);
    setNotice(null);
    try {
      const res = await saveAdapter(toInput(getValues()));
      if (!res.success) {
        setFailure(applyRefusal(t, setError, ['adapter', 'label', 'settings', 'notes'], res.reason, res.params));
        return;
      }
      edit(undefined, EMPTY);
      setNotice(t('admin.common.saved'));
      setVersion((n) => n + 1);
    } catch (e) {
      setFailure(failureText(t, e));
    }
  };
  const invalid = (key: keyof Values, extra?: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': [extra, errors[key] ? `${id}-${key}-error` : null].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (key: keyof Values) => (errors[key] ? <p id={`${id}-${key}-error`} className="field__error">{errors[key].message}</p> : null);
  const remove = async (a: Adapter) => {
    if (!window.confirm(t('admin.company.adapterDeleteConfirm', { label: a.label }))) return;
    const res = await deleteAdapter(a.uuid).catch(() => ({ success: false, reason: null }));
    if (res.success) setVersion((n) => n + 1);
    else setFailure(reasonText(t, res.reason));
  };
  return (
    <div className="admin-page">
      <h1>{t('admin.company.ssoTitle')}</h1>
      <p>{t('admin.company.ssoIntro')}</p>
      {data === null ? (
        <p aria-live="polite">{t('admin.common.loading')}</p>
      ) : data.adapters.length === 0 ? (
        <p>{t('admin.company.adaptersEmpty')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.company.adapterLabel')}</th>
              <th scope="col">{t('admin.company.adapter')}</th>
              <th scope="col">{t('admin.company.adapterNotes')}</th>
              <th scope="col">{t('admin.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.adapters.map((a) => (
              <tr key={a.uuid}>
                <th scope="row">{a.label}</th>
                <td>{a.adapter.label}</td>
                <td>{a.notes ?? ''}</td>
                <td className="admin-form__actions">
                  <button type="button" className="button button--small" onClick={() => edit(a.uuid, { adapter: a.adapter.id, label: a.label, settings: JSON.stringify(a.settings, null, 2), notes: a.notes ?? '' })} aria-label={`${t('admin.common.edit')}: ${a.label}`}>{t('admin.common.edit')}</button>
                  <button type="button" className="button button--small" onClick={() => void remove(a)} aria-label={`${t('admin.common.delete')}: ${a.label}`}>{t('admin.common.delete')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="admin-form admin-card settings-card" noValidate onSubmit={(e) => void handleSubmit(submit)(e)} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{editing ? t('admin.common.edit') : t('admin.company.adapterAdd')}</h2>
        {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-adapter`}>{t('admin.company.adapter')}</label>
          <select id={`${id}-adapter`} className="input" {...invalid('adapter')} {...register('adapter')}>
            {(data?.catalogue ?? []).map((c) => (
              <option key={c.id} value={c.id}>{c.label}</option>
            ))}
          </select>
          {fieldError('adapter')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-label`}>{t('admin.company.adapterLabel')}</label>
          <input id={`${id}-label`} className="input" {...invalid('label')} {...register('label')} />
          {fieldError('label')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-settings`}>{t('admin.company.adapterSettings')}</label>
          <textarea id={`${id}-settings`} className="input company-pem" spellCheck={false} {...invalid('settings', `${id}-example`)} {...register('settings')} />
          {fieldError('settings')}
          <p id={`${id}-example`} className="admin-muted">{t('admin.company.adapterExample', { adapter, example: EXAMPLES[adapter] ?? '{}' })}</p>
          {adapter === 'oidc' || adapter === 'entra_id' ? <p className="admin-muted">{t('admin.company.adapterProvisioning')}</p> : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-notes`}>{t('admin.company.adapterNotes')}</label>
          <input id={`${id}-notes`} className="input" {...invalid('notes')} {...register('notes')} />
          {fieldError('notes')}
        </div>
        {error ? <p role="alert" className="alert alert--error">{error}</p> : null}
        {notice ? <p role="status" className="alert alert--success">{notice}</p> : null}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary">{t('admin.common.save')}</button>
          {editing ? <button type="button" className="button" onClick={() => edit(undefined, EMPTY)}>{t('admin.common.cancel')}</button> : null}
        </div>
      </form>
    </div>
  );
}
