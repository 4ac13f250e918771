import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { deleteCertificate, fetchCertificates, type Certificate } from './api';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import './company-settings.css';

/** /company/:id/settings/certificates: the company's server certificates with validity and expiry warning. */
export function CertificatesPage({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin.company.certificatesTitle'));
  const [list, setList] = useState<Certificate[] | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCertificates().then(
      (rows) => live && setList(rows),
      (error: unknown) => live && setNotice({ kind: 'error', text: failureText(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [t, version]);

  const remove = async (cert: Certificate) => {
    if (!window.confirm(t('admin.company.certificateDeleteConfirm', { label: cert.label }))) return;
    try {
      const res = await deleteCertificate(cert.id);
      if (res.success) setVersion((n) => n + 1);
      else setNotice({ kind: 'error', text: reasonText(t, res.reason, res.params) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <div className="admin-page">
      <div className="admin-form__actions">
        <h1>{t('admin.company.certificatesTitle')}</h1>
      </div>
      <p>
        <Link to="/company/$id/settings/certificates/add" params={{ id: companyId }} className="button button--primary">{t('admin.company.certificateAdd')}</Link>
      </p>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
      {list === null ? (
        <p aria-live="polite">{t('admin.common.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('admin.company.certificatesEmpty')}</p>
      ) : (
        <table className="admin-table" data-testid="certificates-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.company.certificateName')}</th>
              <th scope="col">{t('admin.company.subject')}</th>
              <th scope="col">{t('admin.company.issuer')}</th>
              <th scope="col">{t('admin.company.serial')}</th>
              <th scope="col">{t('admin.company.validFrom')}</th>
              <th scope="col">{t('admin.company.validTo')}</th>
              <th scope="col">{t('admin.invitations.status')}</th>
              <th scope="col">{t('admin.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id} data-label={c.label}>
                <th scope="row">{c.label}</th>
                <td>{c.subject}</td>
                <td>{c.issuer}</td>
                <td><code>{c.serial}</code></td>
                <td>{date(c.validFrom)}</td>
                <td>{date(c.validTo)}</td>
                <td className={`company-cert-state--${c.state}`}>{t(`admin.company.state.${c.state}`)}</td>
                <td>
                  <button type="button" className="button button--small" onClick={() => void remove(c)} aria-label={`${t('admin.common.delete')}: ${c.label}`}>{t('admin.common.delete')}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
