import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { CertificateInputSchema } from '../../domain/company-settings/certificates';
import { addCertificate } from './api';
import { failureText } from '../../lib/ui/reason-text';
import { FormText, applyRefusal, schemaResolver } from '../../lib/forms/form-helpers';
import './company-settings.css';

/** /company/:id/settings/certificates/add: a label and a PEM; the server reads issuer, subject, serial and validity. */
export function CertificateAddPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.company.certificateAdd'));
  const navigate = useNavigate();
  const pemId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // react-hook-form with the write's schema (issue 21): a message goes as its field becomes valid, focus to the first error.
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting: busy } } = useForm<{ label: string; pem: string }, unknown, v.InferOutput<typeof CertificateInputSchema>>({
    defaultValues: { label: '', pem: '' },
    resolver: schemaResolver(t, CertificateInputSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const submit = async (values: v.InferOutput<typeof CertificateInputSchema>) => {
    setFailure(null);
    try {
      const res = await addCertificate(values.label, values.pem);
      if (res.success) {
        reset();
        await navigate({ to: '/company/$id/settings/certificates', params: { id: companyId } });
      } else setFailure(applyRefusal(t, setError, ['label', 'pem'], res.reason, res.params));
    } catch (error) {
      setFailure(failureText(t, error));
    }
  };
  return (
    <div className="admin-page">
      <h1>{t('admin.company.certificateAdd')}</h1>
      <form className="admin-form" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
        {failure ? <p role="alert" className="alert alert--error">{failure}</p> : null}
        {errors.root?.message ? <p role="alert" className="alert alert--error">{errors.root.message}</p> : null}
        <FormText label={t('admin.company.certificateName')} registration={register('label')} error={errors.label?.message} />
        <div className="field">
          <label className="field__label" htmlFor={pemId}>{t('admin.company.certificatePem')}</label>
          <textarea id={pemId} className="input company-pem" spellCheck={false} aria-describedby={`${pemId}-hint${errors.pem ? ` ${pemId}-e` : ''}`} aria-invalid={errors.pem ? true : undefined} {...register('pem')} />
          <p id={`${pemId}-hint`} className="admin-muted">{t('admin.company.certificatePemHint')}</p>
          {errors.pem ? <p id={`${pemId}-e`} className="field__error">{errors.pem.message}</p> : null}
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{t('admin.common.add')}</button>
          <Link to="/company/$id/settings/certificates" params={{ id: companyId }} className="button">{t('admin.common.cancel')}</Link>
        </div>
      </form>
    </div>
  );
}
