import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporting';
import { useOnlineStatus } from '../../lib/use-online-status';
import { formatBytes } from '../../domain/messages/attachments';
import { roleKind } from '../../domain/users/roles-policy';
import { checkWorkPlanFile, fileRights, mayDeleteFile, WORK_PLAN_FILE_ACCEPT } from '../../domain/work-plan-files/files';
import { deletePlanFile, downloadLink, undoDeleteFile, uploadPlanFile } from './file-actions';
import { formatDate } from './format';
import { usePlanFiles, useViewer } from './hooks';
import type { PlanFileView } from './queries';

interface Props {
  planUuid: string;
  /** The plan's server id (null while the plan itself is not on the server yet). */
  planId: number | null;
}

type Upload = { name: string; percent: number } | null;
type Notice = { text: string; undo?: { clientMutationId: string; uuid: string; name: string } } | null;

/**
 * The files of a work plan (issue 11): listed from the replica (name, size, date, uploader), uploaded with a
 * progress bar (needs a connection), downloaded by a short-lived signed link, deleted after confirmation with
 * undo (the delete is a declared write, so it works offline too; the same pattern as deleting a plan).
 */
export function PlanFiles({ planUuid, planId }: Props) {
  const { t, i18n } = useTranslation();
  const online = useOnlineStatus();
  const viewer = useViewer();
  const files = usePlanFiles(planId);
  const rights = fileRights(roleKind(viewer?.roleId ?? 0));
  const input = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<PlanFileView | null>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const choose = (file: File | null) => {
    setNotice(null);
    setChosen(file);
    if (!file) return setError(null);
    const check = checkWorkPlanFile(file);
    setError(check.ok ? null : check.reason);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (upload) return;
    if (!chosen) return setError('workPlanFiles.upload.chooseFirst');
    const file = chosen;
    setError(null);
    setNotice(null);
    setUpload({ name: file.name, percent: 0 });
    uploadPlanFile(planUuid, file, (percent) => setUpload({ name: file.name, percent }))
      .then((outcome) => {
        setUpload(null);
        if (!outcome.ok) return setError(outcome.reason);
        setChosen(null);
        if (input.current) input.current.value = '';
        setNotice({ text: t('workPlanFiles.upload.done', { name: file.name }) });
      })
      .catch((err: unknown) => {
        setUpload(null);
        setError('workPlanFiles.errors.failed');
        reportError(err);
      });
  };

  const download = (f: PlanFileView) => {
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

  const remove = (f: PlanFileView) => {
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
    <section className="plan-files" aria-labelledby="plan-files-title" data-testid="plan-files">
      <h2 id="plan-files-title">{t('workPlanFiles.title')}</h2>
      {rights.attach && planId !== null && (
        <form className="plan-files__upload" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="plan-file-input">{t('workPlanFiles.upload.label')}</label>
            <input
              ref={input}
              id="plan-file-input"
              type="file"
              accept={WORK_PLAN_FILE_ACCEPT}
              aria-describedby={error ? 'plan-file-hint plan-file-error' : 'plan-file-hint'}
              aria-invalid={error && chosen ? true : undefined}
              disabled={upload !== null}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            <p id="plan-file-hint" className="plan-files__hint">
              {online ? t('workPlanFiles.upload.hint') : t('workPlanFiles.errors.offline')}
            </p>
          </div>
          <button type="submit" className="button button--primary" disabled={upload !== null || !online}>
            {t('workPlanFiles.upload.action')}
          </button>
        </form>
      )}
      {upload && (
        <div className="plan-files__progress" role="status">
          <span id="plan-file-progress-label">{t('workPlanFiles.upload.busy', { name: upload.name })}</span>
          <progress max={100} value={upload.percent} aria-labelledby="plan-file-progress-label">
            {upload.percent}%
          </progress>
        </div>
      )}
      {error && (
        <p id="plan-file-error" className="field-error" role="alert">
          {t(error as 'workPlanFiles.errors.failed', { defaultValue: t('workPlanFiles.errors.failed') })}
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
        <div role="alertdialog" aria-labelledby="confirm-file-delete" className="card work-plans__confirm">
          <p id="confirm-file-delete">{t('workPlanFiles.delete.confirm', { name: confirming.name })}</p>
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
        <p className="work-plans__empty">{t('workPlanFiles.empty')}</p>
      ) : (
        <table className="plan-files__table">
          <caption className="visually-hidden">{t('workPlanFiles.title')}</caption>
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
              <tr key={f.uuid} data-testid="plan-file">
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
