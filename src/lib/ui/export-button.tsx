import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../api/client';
import { EXPORT_ROWS_HEADER, type ExportFormat } from '../../domain/users/export-columns';
import { failureText } from './reason-text';
import './export-button.css';

interface ExportButtonProps {
  subject: 'users' | 'participants' | 'skillReport';
  /** The route without its extension (default `/api/export/<subject>`); `.csv` or `.xlsx` is added. */
  path?: string;
  /** The filter as a query string (`?kind=skill`), or ''. */
  query?: string;
  /** Offline the export cannot run: the buttons are disabled and say why. */
  disabledReason?: string | null;
}

/**
 * Downloads an export while it streams: CSV progress counts the lines that arrived, XLSX progress the
 * bytes against an estimate from the row count the server sends first.
 */
export function ExportButton({ subject, path = `/api/export/${subject}`, query = '', disabledReason = null }: ExportButtonProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const run = async (format: ExportFormat) => {
    setMessage(null);
    setProgress({ done: 0, total: 0 });
    try {
      const response = await apiFetch(`${path}.${format}${query}`, { headers: { accept: '*/*' } });
      if (!response.ok || !response.body) throw new Error(String(response.status));
      const total = Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let lines = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.length;
        if (format === 'csv') for (const b of value) if (b === 10) lines += 1;
        const rowsDone = format === 'csv' ? Math.max(0, lines - 1) : Math.min(total, Math.round(bytes / 60));
        setProgress({ done: Math.min(rowsDone, total), total });
      }
      const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${subject}.${format}`;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = name;
      link.click();
      URL.revokeObjectURL(link.href);
      setProgress({ done: total, total });
      setMessage({ kind: 'ok', text: t('admin.export.done', { total }) });
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(t, error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="admin-export" aria-label={t('admin.export.title')}>
      <button type="button" className="button" disabled={progress !== null || disabledReason !== null} onClick={() => void run('csv')}>
        {t('admin.export.start', { format: t('admin.export.csv') })}
      </button>
      <button type="button" className="button" disabled={progress !== null || disabledReason !== null} onClick={() => void run('xlsx')} data-testid={`export-${subject}-xlsx`}>
        {t('admin.export.start', { format: t('admin.export.xlsx') })}
      </button>
      {subject === 'participants' ? <p className="admin-muted">{t('admin.export.bsnMasked')}</p> : null}
      {disabledReason ? <p className="admin-muted">{disabledReason}</p> : null}
      {progress ? (
        <div>
          <label htmlFor={`export-progress-${subject}`}>{t('admin.export.progress', { done: progress.done, total: progress.total })}</label>
          <progress id={`export-progress-${subject}`} max={progress.total || 1} value={progress.done} />
        </div>
      ) : null}
      {message ? (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'alert alert--error' : 'alert alert--success'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
