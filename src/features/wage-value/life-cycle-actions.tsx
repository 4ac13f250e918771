import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MeasurementDraft, ParticipantSnapshot } from '../../domain/wage-value/measurement';
import type { MeasurementStatus } from '../../domain/wage-value/constants';
import { validateMeasurement } from '../../domain/wage-value/validation';
import { downloadDefinitiveReport, saveBlob, wageValueActions, type QueueAnswer } from './actions';
import { ReportPreview } from './report-preview';

/**
 * Concept → definitive (confirmed) or cancelled; copy; delete a concept; concept PDF (offline) and the definitive PDF.
 * `unconfirmed`: the replica holds something of this measurement the server has not accepted (a change
 * waiting, refused or in conflict): a PDF printed here is then a concept, whatever the local status says.
 */
export function LifeCycleActions({ uuid, status, draft, participant, unconfirmed }: { uuid: string; status: MeasurementStatus; draft: MeasurementDraft; participant: ParticipantSnapshot; unconfirmed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [preview, setPreview] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'info' } | null>(null);
  const [busy, setBusy] = useState(false);
  const incomplete = validateMeasurement(draft)[0];

  async function run(confirmKey: string, action: () => Promise<QueueAnswer>, after?: () => void, doneKey = 'wageValue.actions.done'): Promise<void> {
    if (!window.confirm(t(confirmKey as 'wageValue.actions.confirmDefinitive'))) return;
    setBusy(true);
    const answer = await action();
    setBusy(false);
    if (!answer.queued) {
      setMessage({ text: t((answer.reason ?? 'wageValue.actions.failed') as 'wageValue.errors.required'), tone: 'error' });
      return;
    }
    setMessage({ text: t(doneKey as 'wageValue.actions.done'), tone: 'info' });
    after?.();
  }

  async function download(): Promise<void> {
    setBusy(true);
    try {
      const file = await downloadDefinitiveReport(uuid);
      // A download that worked clears an earlier "needs a connection" notice.
      if (file) { saveBlob(file.blob, file.name); setMessage(null); }
      else setMessage({ text: t('wageValue.actions.noReport'), tone: 'error' });
    } catch {
      setMessage({ text: t('wageValue.actions.offline'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="wv-actions card" aria-labelledby="wv-actions-title">
      <h2 id="wv-actions-title">{t('wageValue.actions.title')}</h2>
      <div className="wv-actions__buttons">
        <button type="button" className="button" onClick={() => setPreview(true)}>{t(status === 'concept' ? 'wageValue.actions.previewConcept' : 'wageValue.actions.preview')}</button>
        {status === 'definitive' ? <button type="button" className="button button--primary" disabled={busy} onClick={() => void download()}>{t('wageValue.actions.downloadPdf')}</button> : null}
        {status === 'concept' ? (<>
          <button type="button" className="button button--primary" disabled={busy || incomplete !== undefined} aria-describedby={incomplete ? 'wv-incomplete' : undefined}
            onClick={() => void run('wageValue.actions.confirmDefinitive', () => wageValueActions.setStatus(uuid, 'definitive'), undefined, 'wageValue.actions.madeDefinitive')}>{t('wageValue.actions.makeDefinitive')}</button>
          <button type="button" className="button" disabled={busy} onClick={() => void run('wageValue.actions.confirmCancel', () => wageValueActions.setStatus(uuid, 'cancelled'))}>{t('wageValue.actions.cancelMeasurement')}</button>
          <button type="button" className="button" disabled={busy} onClick={() => void run('wageValue.actions.confirmDelete', () => wageValueActions.deleteMeasurement(uuid), () => void navigate({ to: '/wage-value/measurement/search' }))}>{t('wageValue.actions.delete')}</button>
        </>) : null}
        <Link className="button" to="/wage-value/measurement/copy/{-$measurementId}" params={{ measurementId: uuid }}>{t('wageValue.actions.copy')}</Link>
      </div>
      {status === 'concept' && incomplete ? <p id="wv-incomplete" className="wv-field__hint">{t('wageValue.actions.incomplete', { step: t(`wageValue.steps.${incomplete.step}`) })}</p> : null}
      {message ? <p className={`alert ${message.tone === 'error' ? 'alert--error' : ''}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="action-message">{message.text}</p> : null}
      {preview ? <ReportPreview draft={draft} status={status} unconfirmed={unconfirmed} participant={participant} onClose={() => setPreview(false)} /> : null}
    </section>
  );
}
