import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { AUDIT_PAGE_SIZE, EMPTY_FILTERS, exportHref, fetchAuditLog, type AuditLogEntry, type AuditLogFilters } from './audit-log-api';
import { DateField } from '../../lib/ui/date-field';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; totalItems: number; records: AuditLogEntry[] }
  | { state: 'failed'; reason: 'forbidden' | 'offline' | 'other' };

/** /administratie/log: the audit log (NEN 7513) for administrators: filters, paging and CSV export. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<AuditLogFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchAuditLog(filters, page, controller.signal).then(
      (answer) => setLoad({ state: 'ready', ...answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = error instanceof NetworkError ? 'offline' : error instanceof ApiError && error.code === 'forbidden' ? 'forbidden' : 'other';
        setLoad({ state: 'failed', reason });
      },
    );
    return () => controller.abort();
  }, [filters, page, attempt]);

  /** Shows the loading state and asks for another page or other filters (the effect fetches). */
  const show = (nextFilters: AuditLogFilters, nextPage: number) => {
    setLoad({ state: 'loading' });
    setFilters(nextFilters);
    setPage(nextPage);
    setAttempt((n) => n + 1);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    show(draft, 1);
  };
  const onReset = () => {
    setDraft(EMPTY_FILTERS);
    show(EMPTY_FILTERS, 1);
  };
  const set = (key: keyof AuditLogFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const pages = load.state === 'ready' ? Math.max(1, Math.ceil(load.totalItems / AUDIT_PAGE_SIZE)) : 1;

  return (
    <main className="page audit-log" aria-labelledby="audit-log-title">
      <h1 id="audit-log-title">{t('security.auditLog.title')}</h1>
      <p>{t('security.auditLog.intro')}</p>
      <form className="audit-log__filters" onSubmit={onSubmit} aria-label={t('security.auditLog.filters')}>
        <div className="field">
          <label className="field__label" htmlFor="audit-action">{t('security.auditLog.action')}</label>
          <input id="audit-action" className="input" value={draft.action} onChange={set('action')} maxLength={100} placeholder="participant.read" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-user">{t('security.auditLog.userId')}</label>
          <input id="audit-user" className="input" inputMode="numeric" value={draft.userId} onChange={set('userId')} maxLength={15} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-subject">{t('security.auditLog.subjectId')}</label>
          <input id="audit-subject" className="input" value={draft.subjectId} onChange={set('subjectId')} maxLength={100} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-participant">{t('security.auditLog.participantId')}</label>
          <input id="audit-participant" className="input" value={draft.participantId} onChange={set('participantId')} maxLength={15} inputMode="numeric" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-result">{t('security.auditLog.result')}</label>
          <select id="audit-result" className="input" value={draft.result} onChange={set('result')}>
            <option value="">{t('security.auditLog.anyResult')}</option>
            <option value="success">{t('security.auditLog.results.success')}</option>
            <option value="failure">{t('security.auditLog.results.failure')}</option>
            <option value="refused">{t('security.auditLog.results.refused')}</option>
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-from">{t('security.auditLog.from')}</label>
          <DateField id="audit-from" value={draft.from} onChange={(value) => set('from')({ target: { value } })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-to">{t('security.auditLog.to')}</label>
          <DateField id="audit-to" value={draft.to} onChange={(value) => set('to')({ target: { value } })} />
        </div>
        <div className="audit-log__actions">
          <button type="submit" className="button button--primary">{t('security.auditLog.apply')}</button>
          <button type="button" className="button" onClick={onReset}>{t('security.auditLog.reset')}</button>
          <a className="button" href={exportHref(filters)} download>{t('security.auditLog.export')}</a>
        </div>
      </form>

      {load.state === 'loading' ? (
        <p role="status" className="auth-progress">
          <span className="spinner" aria-hidden="true" />
          {t('security.auditLog.loading')}
        </p>
      ) : null}
      {load.state === 'failed' ? (
        <div className="alert alert--error" role="alert">
          <p>{t(`security.auditLog.errors.${load.reason}`)}</p>
          {load.reason !== 'forbidden' ? (
            <button type="button" className="button" onClick={() => show(filters, page)}>{t('security.auditLog.retry')}</button>
          ) : null}
        </div>
      ) : null}
      {load.state === 'ready' && load.records.length === 0 ? <p>{t('security.auditLog.empty')}</p> : null}
      {load.state === 'ready' && load.records.length > 0 ? (
        <>
          <p role="status">{t('security.auditLog.count', { count: load.totalItems })}</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t('security.auditLog.title')}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('security.auditLog.columns.time')}</th>
                  <th scope="col">{t('security.auditLog.columns.action')}</th>
                  <th scope="col">{t('security.auditLog.columns.result')}</th>
                  <th scope="col">{t('security.auditLog.columns.actor')}</th>
                  <th scope="col">{t('security.auditLog.columns.chain')}</th>
                  <th scope="col">{t('security.auditLog.columns.subject')}</th>
                  <th scope="col">{t('security.auditLog.columns.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {load.records.map((r) => (
                  <tr key={r.id}>
                    <td>{formatDateTime(r.createdAt, i18n.language)}</td>
                    <td>{r.action}</td>
                    <td>{t(`security.auditLog.results.${r.result === 'failure' || r.result === 'refused' ? r.result : 'success'}`)}</td>
                    <td>{r.userName ?? (r.userId ? `#${r.userId}` : t('security.auditLog.anonymous'))}</td>
                    <td>{r.chain.length > 1 ? r.chain.map((id) => `#${id}`).join(' → ') : '—'}</td>
                    <td>{r.subjectType ? `${r.subjectType} ${r.subjectId ?? ''}`.trim() : '—'}</td>
                    <td>{r.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t('security.auditLog.paging')}>
            <button type="button" className="button" disabled={page <= 1} onClick={() => show(filters, Math.max(1, page - 1))}>{t('security.auditLog.previous')}</button>
            <span>{t('security.auditLog.page', { page, pages })}</span>
            <button type="button" className="button" disabled={page >= pages} onClick={() => show(filters, page + 1)}>{t('security.auditLog.next')}</button>
          </nav>
        </>
      ) : null}
    </main>
  );
}
