import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { AuthAdapterInputSchema } from '../../domain/company-settings/auth-adapters';
import { deleteAdapter, fetchAdapters, saveAdapter, type Adapter, type AdapterInput } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import './company-settings.css';

const EXAMPLES: Record<string, string> = {
  oidc: '{"issuer":"https://login.example.nl","clientId":"werkpad","clientSecret":"…","provisionUsers":false}',
  saml2: '{"entityId":"https://idp.example.nl","ssoUrl":"https://idp.example.nl/sso","idpCertificate":"-----BEGIN CERTIFICATE-----…"}',
  entra_id: '{"tenantId":"00000000-0000-0000-0000-000000000000","clientId":"00000000-0000-0000-0000-000000000000","clientSecret":"…"}',
};
const EMPTY: AdapterInput = { adapter: 'oidc', label: '', settings: '', notes: '' };

/** /company/:id/authentication/sso: the company's authentication adapters (add, edit, delete). */
export function SsoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.ssoTitle'));
  const id = useId();
  const [data, setData] = useState<{ catalogue: { id: string; label: string }[]; adapters: Adapter[] } | null>(null);
  const [form, setForm] = useState<AdapterInput>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fetchAdapters().then(
      (d) => live && setData(d),
      (e: unknown) => live && setError(failureText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [t, version]);

  const submit = async () => {
    setError(null);
    setNotice(null);
    const parsed = v.safeParse(AuthAdapterInputSchema, form);
    if (!parsed.success) return setError(t((parsed.issues[0]?.message ?? 'admin.errors.unknown') as 'admin.errors.unknown'));
    try {
      const res = await saveAdapter(form);
      if (!res.success) return setError(reasonText(t, res.reason, res.params));
      setForm(EMPTY);
      setNotice(t('admin.common.saved'));
      setVersion((n) => n + 1);
    } catch (e) {
      setError(failureText(t, e));
    }
    return undefined;
  };
  const remove = async (a: Adapter) => {
    if (!window.confirm(t('admin.company.adapterDeleteConfirm', { label: a.label }))) return;
    const res = await deleteAdapter(a.uuid).catch(() => ({ success: false, reason: null }));
    if (res.success) setVersion((n) => n + 1);
    else setError(reasonText(t, res.reason));
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
                  <button type="button" className="button button--small" onClick={() => setForm({ uuid: a.uuid, adapter: a.adapter.id, label: a.label, settings: JSON.stringify(a.settings, null, 2), notes: a.notes ?? '' })} aria-label={`${t('admin.common.edit')}: ${a.label}`}>{t('admin.common.edit')}</button>
                  <button type="button" className="button button--small" onClick={() => void remove(a)} aria-label={`${t('admin.common.delete')}: ${a.label}`}>{t('admin.common.delete')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="admin-form admin-card" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{form.uuid ? t('admin.common.edit') : t('admin.company.adapterAdd')}</h2>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-adapter`}>{t('admin.company.adapter')}</label>
          <select id={`${id}-adapter`} className="input" value={form.adapter} onChange={(e) => setForm({ ...form, adapter: e.target.value })}>
            {(data?.catalogue ?? []).map((c) => (
              <option key={c.id} value={c.id}>{c.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-label`}>{t('admin.company.adapterLabel')}</label>
          <input id={`${id}-label`} className="input" value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-settings`}>{t('admin.company.adapterSettings')}</label>
          <textarea id={`${id}-settings`} className="input company-pem" spellCheck={false} value={form.settings} aria-describedby={`${id}-example`} onChange={(e) => setForm({ ...form, settings: e.target.value })} />
          <p id={`${id}-example`} className="admin-muted">{t('admin.company.adapterExample', { adapter: form.adapter, example: EXAMPLES[form.adapter] ?? '{}' })}</p>
          {form.adapter === 'oidc' || form.adapter === 'entra_id' ? <p className="admin-muted">{t('admin.company.adapterProvisioning')}</p> : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-notes`}>{t('admin.company.adapterNotes')}</label>
          <input id={`${id}-notes`} className="input" value={form.notes ?? ''} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
        </div>
        {error ? <p role="alert" className="alert alert--error">{error}</p> : null}
        {notice ? <p role="status" className="alert alert--success">{notice}</p> : null}
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary">{t('admin.common.save')}</button>
          {form.uuid ? <button type="button" className="button" onClick={() => setForm(EMPTY)}>{t('admin.common.cancel')}</button> : null}
        </div>
      </form>
    </div>
  );
}
