import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeasurementDraft, ParticipantSnapshot } from '../../domain/wage-value/measurement';
import type { MeasurementStatus } from '../../domain/wage-value/constants';
import { deviceReportFileName } from '../../domain/wage-value/report';
import { reportPdfBlob } from './report-pdf';
import { saveBlob } from './actions';

/**
 * The report printed in the browser from the replica (works offline), shown inline with a download.
 * `unconfirmed` (something of it the server has not accepted): marked CONCEPT, under a file name of
 * its own, whatever the local status says, so it never passes for the server's report.
 */
export function ReportPreview({ draft, status, unconfirmed, participant, onClose }: { draft: MeasurementDraft; status: MeasurementStatus; unconfirmed: boolean; participant: ParticipantSnapshot; onClose: () => void }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<{ url: string; blob: Blob } | null>(null);
  const [failed, setFailed] = useState(false);
  const now = new Date().toISOString();
  useEffect(() => {
    let url: string | null = null;
    reportPdfBlob({ draft, status, participant, printedAt: now, unconfirmed }, (k, p) => t(k as 'wageValue.report.title', p ?? {}))
      .then((blob) => { url = URL.createObjectURL(blob); setPdf({ url, blob }); })
      .catch(() => setFailed(true));
    return () => { if (url) URL.revokeObjectURL(url); };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="wv-preview card" aria-labelledby="wv-preview-title" data-testid="report-preview">
      <header className="wv-preview__header">
        <h2 id="wv-preview-title">{t('wageValue.preview.title')}</h2>
        {pdf ? <button type="button" className="button" onClick={() => saveBlob(pdf.blob, deviceReportFileName((k) => t(k as 'wageValue.report.filePrefix'), participant, status, now, unconfirmed))}>{t('wageValue.preview.download')}</button> : null}
        <button type="button" className="button" onClick={onClose}>{t('wageValue.preview.close')}</button>
      </header>
      {failed ? <p className="alert alert--error" role="alert">{t('wageValue.preview.failed')}</p>
        : pdf ? <iframe className="wv-preview__frame" title={t('wageValue.preview.title')} src={pdf.url} data-testid="report-frame" data-size={pdf.blob.size} />
        : <p aria-live="polite">{t('wageValue.preview.loading')}</p>}
    </section>
  );
}
