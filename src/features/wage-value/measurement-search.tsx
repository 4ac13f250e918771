import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { formatDutchNumber, toDutchDate } from '../../domain/wage-value/numbers';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { nameOf, SORTS, STATUSES, type MeasurementSearchState } from './measurement-list';
import { useMeasurementPage } from './queries';
import './wage-value.css';

/** Search measurements (02 §2) in the replica: filters, sorting and paging. */
export function MeasurementSearch({ search, onSearch }: { search: MeasurementSearchState; onSearch: (s: MeasurementSearchState) => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('wageValue.search.title'));
  const result = useMeasurementPage(search) ?? null;
  const set = (patch: Partial<MeasurementSearchState>) => onSearch({ ...search, ...patch, page: patch.page ?? 1 });
  return (
    <section className="wv-page" aria-labelledby="wv-search-title">
      <header className="wv-page__header">
        <h1 id="wv-search-title">{t('wageValue.search.title')}</h1>
        <Link className="button button--primary" to="/wage-value/measurement/add">{t('wageValue.search.new')}</Link>
      </header>
      <div className="wv-filters" role="search">
        <div className="field">
          <label className="field__label" htmlFor="wv-q">{t('wageValue.search.search')}</label>
          <input id="wv-q" className="input" type="search" value={search.q ?? ''} onChange={(e) => set({ q: e.target.value || undefined })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="wv-status">{t('wageValue.search.status')}</label>
          <select id="wv-status" className="input" value={search.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as MeasurementSearchState['status'] })}>
            <option value="">{t('wageValue.search.all')}</option>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`wageValue.options.status.${s}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="wv-type">{t('wageValue.search.type')}</label>
          <select id="wv-type" className="input" value={search.type ?? ''} onChange={(e) => set({ type: e.target.value ? (Number(e.target.value) as 1 | 2) : undefined })}>
            <option value="">{t('wageValue.search.all')}</option>
            {([1, 2] as const).map((v) => <option key={v} value={v}>{t(`wageValue.options.type.${v}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="wv-sort">{t('wageValue.search.sort')}</label>
          <select id="wv-sort" className="input" value={search.sort ?? 'createdAt'} onChange={(e) => set({ sort: e.target.value as MeasurementSearchState['sort'] })}>
            {SORTS.map((s) => <option key={s} value={s}>{t(`wageValue.search.sortBy.${s}`)}</option>)}
          </select>
        </div>
      </div>
      {!result ? <p aria-live="polite">{t('wageValue.search.loading')}</p> : result.total === 0 ? <p className="wv-empty">{t('wageValue.search.empty')}</p> : (<>
        <p aria-live="polite" data-testid="search-count" data-total={result.total}>{t('wageValue.search.count', { count: result.total })}</p>
        <div className="wv-table-wrap" role="region" aria-label={t('wageValue.search.title')} tabIndex={0}>
        <table className="wv-table" data-testid="search-table">
          <caption className="visually-hidden">{t('wageValue.search.title')}</caption>
          <thead><tr>
            <th scope="col">{t('wageValue.search.participant')}</th><th scope="col">{t('wageValue.search.employer')}</th><th scope="col">{t('wageValue.search.type')}</th>
            <th scope="col">{t('wageValue.search.status')}</th><th scope="col">{t('wageValue.search.wageValue')}</th><th scope="col">{t('wageValue.search.created')}</th>
          </tr></thead>
          <tbody>
            {result.rows.map((m) => (
              <tr key={m.uuid}>
                <th scope="row"><Link to="/wage-value/measurement/edit/$measurementId" params={{ measurementId: m.uuid }}>{nameOf(m) || result.names.get(m.participantId) || m.participantId}</Link></th>
                <td>{m.employerName ?? m.details?.employerName ?? ''}</td>
                <td>{t(`wageValue.options.type.${m.type}`)}</td>
                <td><span className={`wv-status wv-status--${m.status}`}>{t(`wageValue.options.status.${m.status}`)}</span>{m._pending ? ` (${t('wageValue.search.pending')})` : ''}</td>
                <td>{m.wageValue == null ? '–' : `${formatDutchNumber(m.wageValue)}%`}</td>
                <td>{toDutchDate(m.createdAt ?? null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        <nav className="wv-pager" aria-label={t('wageValue.search.page', { page: result.page, pages: result.pages })}>
          <button type="button" className="button" disabled={result.page <= 1} onClick={() => set({ page: result.page - 1 })}>{t('wageValue.search.previous')}</button>
          <span>{t('wageValue.search.page', { page: result.page, pages: result.pages })}</span>
          <button type="button" className="button" disabled={result.page >= result.pages} onClick={() => set({ page: result.page + 1 })}>{t('wageValue.search.nextPage')}</button>
        </nav>
      </>)}
    </section>
  );
}
