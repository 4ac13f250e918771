import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, formatSize } from '../../../domain/portal/documents';
import { useReplicaQuery } from '../../../lib/replica/hooks';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { toast } from '../../../lib/ui/toasts';
import { addDocument, deleteDocument } from '../actions';
import { formatDay } from '../format';
import { syncApi } from '../../../lib/sync-client';
import { useQueuedWrites } from '../../../lib/replica/queued-writes';
import { PortalPage } from '../portal-page';
import * as q from '../queries';
import { str } from '../text';
import { usePortal } from '../use-portal';

interface DocRow {
  uuid: string;
  name: string;
  size: number;
  createdAt: string;
  byMe: boolean;
  /** A queued upload: its outbox row, state and progress. */
  upload?: { id: string; state: string; progress: number; reason?: string };
}

/** /my-documents, /deelnemerportal/document: the participant's documents; upload from camera or files, download, delete. */
export function DocumentsScreen() {
  const { t, i18n } = useTranslation();
  const portal = usePortal();
  const online = useOnlineStatus();
  const pid = portal.participantId ?? 0;
  const stored = useReplicaQuery((r) => q.participantDocuments(r, pid), [pid]);
  const queued = useQueuedWrites(['portal.addDocument']) ?? [];
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  // Uploads still in the outbox: the waiting and sending ones are in the replica already (optimistic);
  // a refused one was rolled back there and is listed from its outbox row, with retry and remove.
  const uploads = new Map(queued.map((w) => [String(w.args.uuid), w]));
  const rows: DocRow[] = [];
  for (const w of queued) {
    if (w.status !== 'failed') continue;
    rows.push({
      uuid: String(w.args.uuid),
      name: String(w.args.name),
      size: w.file?.size ?? 0,
      createdAt: new Date(w.createdAt).toISOString(),
      byMe: true,
      upload: { id: w.clientMutationId, state: 'failed', progress: 0, ...(w.error ? { reason: w.error } : {}) },
    });
  }
  for (const d of stored ?? []) {
    const w = uploads.get(d.uuid);
    if (w?.status === 'failed') continue;
    rows.push({
      uuid: d.uuid,
      name: str(d.name),
      size: Number(d.size ?? 0),
      createdAt: str(d.createdAt),
      byMe: d.userId === portal.userId,
      ...(w ? { upload: { id: w.clientMutationId, state: w.status === 'sending' ? 'sending' : 'waiting', progress: w.percent ?? 0 } } : {}),
    });
  }

  /** Queues the chosen files; on a refusal (too large, device full) the selection stays so the user sees what was refused. */
  const choose = (target: HTMLInputElement) => {
    const list = Array.from(target.files ?? []);
    void (async () => {
      for (const file of list) {
        // The same file again (same name and size) is asked about first, so it is not listed twice unnoticed.
        if (rows.some((r) => r.name === file.name && r.size === file.size) && !window.confirm(t('portal.documents.duplicate', { name: file.name }))) continue;
        // Not queued (the sync could not start): the selection stays and the user is told, nothing is lost silently.
        const result = await addDocument(file, null).catch((): Awaited<ReturnType<typeof addDocument>> => ({ ok: false, error: 'portal.errors.unknown' }));
        if (!result.ok) {
          setError(result.error);
          return;
        }
        setError(null);
        if (!navigator.onLine) toast(t('portal.documents.queued', { name: file.name }));
      }
      target.value = '';
    })();
  };

  const stateText = (u: NonNullable<DocRow['upload']>): string =>
    u.state === 'failed'
      ? t('portal.documents.failed', { reason: t((u.reason ?? 'portal.errors.unknown') as 'portal.errors.unknown') })
      : u.state === 'sending'
        ? t('portal.documents.sending', { percent: u.progress })
        : t('portal.documents.waiting');

  return (
    <PortalPage title={t('portal.documents.title')} intro={t('portal.documents.intro')} ready={portal.ready}>
      <section className="widget" aria-labelledby="documents-add">
        <h2 className="widget__title" id="documents-add">
          {t('portal.documents.add')}
        </h2>
        <div className="form-actions">
          <label className="button button--primary file-button" htmlFor="document-camera">
            {t('portal.documents.camera')}
          </label>
          <input id="document-camera" className="visually-hidden" type="file" accept="image/*" capture="environment" aria-describedby="documents-hint" onChange={(e) => choose(e.target)} />
          <label className="button file-button" htmlFor="document-file">
            {t('portal.documents.files')}
          </label>
          <input id="document-file" data-testid="document-file" className="visually-hidden" type="file" multiple accept={DOCUMENT_ACCEPT} aria-describedby="documents-hint" onChange={(e) => choose(e.target)} />
        </div>
        <p className="field__hint" id="documents-hint">
          {t('portal.documents.hint')}
        </p>
        {error ? (
          <p className="field__error" role="alert">
            {t(error as 'portal.errors.unknown')}
          </p>
        ) : null}
      </section>
      {stored === undefined ? <p className="portal__loading">{t('portal.home.loading')}</p> : null}
      {stored !== undefined && rows.length === 0 ? <p className="portal__empty">{t('portal.documents.empty')}</p> : null}
      <ul className="doc-list" data-testid="documents">
        {rows.map((row) => (
          <li key={row.uuid} className="doc-list__item" data-testid="document">
            <div className="doc-list__main">
              <p className="doc-list__name">{row.name}</p>
              <p className="doc-list__meta">
                {row.createdAt ? t('portal.documents.added', { date: formatDay(row.createdAt, i18n.language) }) : null}
                {' · '}
                {t('portal.documents.size', { size: formatSize(row.size) })}
                {row.byMe ? null : ` · ${t('portal.documents.byCoach')}`}
              </p>
              {row.upload ? (
                <div className="doc-list__upload">
                  <span className={`pill ${row.upload.state === 'failed' ? 'pill--error' : 'pill--pending'}`} data-testid="upload-state">
                    {stateText(row.upload)}
                  </span>
                  {row.upload.state === 'sending' ? <progress max={100} value={row.upload.progress} aria-label={stateText(row.upload)} /> : null}
                </div>
              ) : null}
            </div>
            <div className="doc-list__actions">
              {row.upload ? (
                row.upload.state === 'failed' ? (
                  <>
                    <button type="button" className="button" onClick={() => void syncApi().outbox.retry(row.upload?.id ?? '')}>
                      {t('portal.documents.retry')}
                    </button>
                    <button type="button" className="button" onClick={() => void syncApi().outbox.discard(row.upload?.id ?? '')}>
                      {t('portal.documents.remove')}
                    </button>
                  </>
                ) : null
              ) : (
                <>
                  {online ? (
                    <a className="button" href={`/api/portal/documents/${row.uuid}`} download={row.name} aria-label={t('portal.documents.downloadName', { name: row.name })}>
                      {t('portal.documents.download')}
                    </a>
                  ) : (
                    <span className="portal__hint">{t('portal.documents.offlineDownload')}</span>
                  )}
                  {row.byMe ? (
                    confirming === row.uuid ? (
                      <div className="confirm" role="group" aria-label={t('portal.documents.confirmDelete', { name: row.name })}>
                        <p className="confirm__text">{t('portal.documents.confirmDelete', { name: row.name })}</p>
                        <button
                          type="button"
                          className="button button--danger"
                          onClick={() => {
                            setConfirming(null);
                            void deleteDocument(row.uuid).then(() => toast(t('portal.documents.deleted', { name: row.name })));
                          }}
                        >
                          {t('portal.documents.delete')}
                        </button>
                        <button type="button" className="button" onClick={() => setConfirming(null)}>
                          {t('portal.workplaces.cancel')}
                        </button>
                      </div>
                    ) : (
                      <button type="button" className="button" aria-label={t('portal.documents.deleteName', { name: row.name })} onClick={() => setConfirming(row.uuid)}>
                        {t('portal.documents.delete')}
                      </button>
                    )
                  ) : null}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </PortalPage>
  );
}
