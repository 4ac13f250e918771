import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { useTranslation } from 'react-i18next';
import { reportError } from '../error-reporting';
import { formatBytes } from '../../domain/messages/attachments';
import { roleKind } from '../../domain/users/roles-policy';
import { FileReason, fileRights, mayDeleteFile, WORK_PLAN_FILE_ACCEPT } from '../../domain/work-plan-files/files';
import { instrumentFileRights } from '../../domain/instruments/files';
import { deletePlanFile, downloadLink, queueInstrumentFile, queuePlanFile, undoDeleteFile } from './file-actions';
import { useQueuedWrites } from '../replica/queued-writes';
import { syncApi } from '../sync-client';
import { formatDate } from '../format';
import { uploadProblem } from './upload-check';
import { useLinkedFiles, type LinkedFileView } from './linked-files';
import './files-section.css';

/** The text key of a refused upload: the graph route's own codes read as this area's. */
function refusalReason(error: string | null): 'workPlanFiles.errors.failed' {
  const reason =
    error === 'messages.errors.fileTypeNotAllowed' ? FileReason.fileTypeNotAllowed : error === 'messages.errors.fileTooLarge' ? FileReason.fileTooLarge : (error ?? FileReason.failed);
  return reason as 'workPlanFiles.errors.failed';
}

/** What the files belong to: a work plan, or an instrument (its documents, issue 23). */
export interface FilesTarget {
  kind: 'workPlan' | 'instrument';
  uuid: string;
  /** The server id (null while the plan or instrument itself is not on the server yet). */
  id: number | null;
}

/** What differs between a plan's files and an instrument's documents. */
const TARGETS = {
  workPlan: {
    link: 'workPlanId',
    write: 'workPlanFiles.addFile',
    arg: 'workPlanUuid',
    prefix: 'plan-file',
    rights: fileRights,
    queue: queuePlanFile,
    title: 'workPlanFiles.title',
    empty: 'workPlanFiles.empty',
    saveFirst: null,
  },
  instrument: {
    link: 'instrumentId',
    write: 'instruments.addFile',
    arg: 'instrumentUuid',
    prefix: 'instrument-file',
    rights: instrumentFileRights,
    queue: queueInstrumentFile,
    title: 'instruments.documents.title',
    empty: 'instruments.documents.empty',
    saveFirst: 'instruments.documents.saveFirst',
  },
} as const;

/** The upload form's one field: the file input's files. */
type UploadValues = { file: FileList | null };

const uploadResolver: Resolver<UploadValues> = (values, _context, options) => {
  const problem = uploadProblem(values.file?.[0]);
  return problem ? { values: {}, errors: toNestErrors({ file: { type: 'validate', message: problem } }, options) } : { values, errors: {} };
};

type Notice = { text: string; undo?: { clientMutationId: string; uuid: string; name: string } } | null;

/**
 * The files of a work plan (issue 11) or the documents of an instrument (issue 23): listed from the replica (name, size, date, uploader), added offline
 * too (queued in the outbox with the file, shown at once, sent with a progress bar when online), downloaded by a short-lived signed link, deleted after confirmation with
 * undo (the delete is a declared write, so it works offline too; the same pattern as deleting a plan).
 */
export function FilesSection({ target, viewer }: { target: FilesTarget; viewer: { userId: number; roleId: number } | null }) {
  const { t, i18n } = useTranslation();
  const kind = TARGETS[target.kind];
  const { uuid: planUuid, id: planId } = target;
  const p = kind.prefix;
  const files = useLinkedFiles(kind.link, planId);
  const rights = kind.rights(roleKind(viewer?.roleId ?? 0));
  const input = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  // react-hook-form (issue 21): the file is checked as it is chosen, a refusal lands on the file input with the focus.
  const { register, handleSubmit, reset, setError: setFileError, formState: { errors: uploadErrors } } = useForm<UploadValues>({
    defaultValues: { file: null },
    resolver: uploadResolver,
    mode: 'onChange',
  });
  const { ref: fileRef, ...fileField } = register('file', { onChange: () => setNotice(null) });
  const queued = (useQueuedWrites([kind.write]) ?? []).filter((w) => w.args[kind.arg] === planUuid);
  const sending = queued.filter((w) => w.status === 'sending');
  const refused = queued.filter((w) => w.status === 'failed');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<LinkedFileView | null>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const submit = async (values: UploadValues) => {
    const file = values.file?.[0];
    if (busy || planId === null || !viewer || !file) return;
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const outcome = await kind.queue({ uuid: planUuid, id: planId }, viewer.userId, file);
      // Refused (too large, device full): nothing queued, the chosen file stays selected.
      if (!outcome.ok) return setFileError('file', { type: 'server', message: outcome.reason }, { shouldFocus: true });
      reset({ file: null });
      if (input.current) input.current.value = '';
      if (!navigator.onLine) setNotice({ text: t('workPlanFiles.upload.queued', { name: file.name }) });
    } catch (err) {
      setFileError('file', { type: 'server', message: 'workPlanFiles.errors.failed' }, { shouldFocus: true });
      reportError(err);
    } finally {
      setBusy(false);
    }
    return undefined;
  };
  const uploadError = uploadErrors.file?.message;
  const shownError = uploadError ?? error;

  const download = (f: LinkedFileView) => {
    setError(null);
    downloadLink(f.uuid)
      .then((link) => {
        if (!link.ok) return setError(link.reason);
        const a = document.createElement('a');
        a.href = link.uri;
        a.download = f.name;
        a.rel = 'noopener';
        document.body.append(a);
        a.click();
        a.remove();
      })
      .catch(reportError);
  };

  const remove = (f: LinkedFileView) => {
    setConfirming(null);
    setError(null);
    deletePlanFile(f.uuid)
      .then((clientMutationId) => setNotice({ text: t('workPlanFiles.delete.done', { name: f.name }), undo: { clientMutationId, uuid: f.uuid, name: f.name } }))
      .catch(reportError);
  };

  const undo = (u: NonNullable<NonNullable<Notice>['undo']>) => {
    undoDeleteFile(u.clientMutationId, u.uuid)
      .then(() => setNotice({ text: t('workPlanFiles.delete.undone', { name: u.name }) }))
      .catch(reportError);
  };

  return (
    <section className="plan-files" aria-labelledby={`${p}s-title`} data-testid={`${p}s`}>
      <h2 id={`${p}s-title`}>{t(kind.title)}</h2>
      {kind.saveFirst && planId === null && <p className="plan-files__empty">{t(kind.saveFirst)}</p>}
      {rights.attach && planId !== null && (
        <form className="plan-files__upload" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
          <div className="field">
            <label htmlFor={`${p}-input`}>{t('workPlanFiles.upload.label')}</label>
            <input
              ref={(el) => {
                fileRef(el);
                input.current = el;
              }}
              id={`${p}-input`}
              type="file"
              accept={WORK_PLAN_FILE_ACCEPT}
              aria-describedby={shownError ? `${p}-hint ${p}-error` : `${p}-hint`}
              aria-invalid={uploadError ? true : undefined}
              disabled={busy}
              {...fileField}
            />
            <p id={`${p}-hint`} className="plan-files__hint">
              {t('workPlanFiles.upload.hint')}
            </p>
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('workPlanFiles.upload.action')}
          </button>
        </form>
      )}
      {sending.map((w) => (
        <div key={w.clientMutationId} className="plan-files__progress" role="status" data-testid={`${p}-progress`}>
          <span id={`${p}-progress-${w.clientMutationId}`}>{t('workPlanFiles.upload.sending', { name: w.file?.name ?? String(w.args.name), percent: w.percent ?? 0 })}</span>
          <progress max={100} value={w.percent ?? 0} aria-labelledby={`${p}-progress-${w.clientMutationId}`}>
            {w.percent ?? 0}%
          </progress>
        </div>
      ))}
      {refused.map((w) => (
        <p key={w.clientMutationId} className="alert plan-files__notice" role="alert" data-testid={`${p}-refused`}>
          {t('workPlanFiles.upload.failed', {
            name: String(w.args.name),
            reason: t(refusalReason(w.error), { defaultValue: t('workPlanFiles.errors.failed') }),
          })}{' '}
          <button type="button" className="button" onClick={() => void syncApi().outbox.retry(w.clientMutationId).catch(reportError)}>
            {t('workPlanFiles.upload.retry')}
          </button>{' '}
          <button type="button" className="button" onClick={() => void syncApi().outbox.discard(w.clientMutationId).catch(reportError)}>
            {t('workPlanFiles.upload.remove')}
          </button>
        </p>
      ))}
      {shownError && (
        <p id={`${p}-error`} className="field-error" role="alert">
          {t(shownError as 'workPlanFiles.errors.failed', { defaultValue: t('workPlanFiles.errors.failed') })}
        </p>
      )}
      {notice && (
        <p role="status" className="alert plan-files__notice">
          {notice.text}{' '}
          {notice.undo && (
            <button type="button" className="button" onClick={() => undo(notice.undo!)}>
              {t('workPlanFiles.delete.undo')}
            </button>
          )}
        </p>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby={`${p}-confirm-delete`} className="card plan-files__confirm">
          <p id={`${p}-confirm-delete`}>{t('workPlanFiles.delete.confirm', { name: confirming.name })}</p>
          <button ref={confirmButton} type="button" className="button button--primary" onClick={() => remove(confirming)}>
            {t('workPlanFiles.delete.yes')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            {t('workPlanFiles.delete.cancel')}
          </button>
        </div>
      )}
      {files === undefined ? (
        <p role="status">{t('workPlanFiles.loading')}</p>
      ) : files.length === 0 ? (
        <p className="plan-files__empty">{t(kind.empty)}</p>
      ) : (
        <table className="plan-files__table">
          <caption className="visually-hidden">{t(kind.title)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('workPlanFiles.columns.name')}</th>
              <th scope="col">{t('workPlanFiles.columns.size')}</th>
              <th scope="col">{t('workPlanFiles.columns.date')}</th>
              <th scope="col">{t('workPlanFiles.columns.uploader')}</th>
              <th scope="col">{t('workPlanFiles.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.uuid} data-testid={p}>
                <td className="plan-files__name">
                  {f.name}
                  {f.pending && <span className="wp-pending"> {t('workPlanFiles.pending')}</span>}
                </td>
                <td>{formatBytes(f.size)}</td>
                <td>{formatDate(f.createdAt, i18n.language)}</td>
                <td>{f.uploaderName || t('workPlanFiles.unknownUploader')}</td>
                <td className="plan-files__actions">
                  <button type="button" className="button" disabled={f.pending} aria-label={t('workPlanFiles.download.label', { name: f.name })} onClick={() => download(f)}>
                    {t('workPlanFiles.download.action')}
                  </button>
                  {viewer && mayDeleteFile(rights, viewer.userId, f.userId) && (
                    <button type="button" className="button" aria-label={t('workPlanFiles.delete.label', { name: f.name })} onClick={() => setConfirming(f)}>
                      {t('workPlanFiles.delete.action')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
