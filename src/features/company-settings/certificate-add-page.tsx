import { useId, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { CertificateInputSchema } from '../../domain/company-settings/certificates';
import { addCertificate } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { TextInput } from '../../lib/ui/text-input';
import './company-settings.css';

/** /company/:id/settings/certificates/add: a label and a PEM; the server reads issuer, subject, serial and validity. */
export function CertificateAddPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.certificateAdd'));
  const navigate = useNavigate();
  const pemId = useId();
  const [label, setLabel] = useState('');
  const [pem, setPem] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure(null);
    const parsed = v.safeParse(CertificateInputSchema, { label, pem });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.issues) {
        const key = issue.path?.[0]?.key;
        out[typeof key === 'string' ? key : '_'] ??= t(issue.message as 'admin.errors.unknown');
      }
      setErrors(out);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await addCertificate(parsed.output.label, parsed.output.pem);
      if (res.success) await navigate({ to: '/company/$id/settings/certificates', params: { id: companyId } });
      else setFailure(reasonText(t, res.reason, res.params));
    } catch (error) {
      setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-page">
      <h1>{t('admin.company.certificateAdd')}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
        <TextInput label={t('admin.company.certificateName')} value={label} onChange={setLabel} error={errors.label} name="label" />
        <div className="field">
          <label className="field__label" htmlFor={pemId}>{t('admin.company.certificatePem')}</label>
          <textarea id={pemId} className="input company-pem" value={pem} spellCheck={false} aria-describedby={`${pemId}-hint${errors.pem ? ` ${pemId}-e` : ''}`} aria-invalid={errors.pem ? true : undefined} onChange={(e) => setPem(e.target.value)} />
          <p id={`${pemId}-hint`} className="admin-muted">{t('admin.company.certificatePemHint')}</p>
          {errors.pem ? <p id={`${pemId}-e`} className="field__error">{errors.pem}</p> : null}
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{t('admin.common.add')}</button>
          <Link to="/company/$id/settings/certificates" params={{ id: companyId }} className="button">{t('admin.common.cancel')}</Link>
        </div>
      </form>
    </div>
  );
}
