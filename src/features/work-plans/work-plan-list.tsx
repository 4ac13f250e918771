import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { WorkPlanFilter, type WorkPlanFilterName } from '../../domain/work-plan/constants';
import type { WorkPlanSortKey } from '../../domain/work-plan/views';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { formatDate } from '../../lib/format';
import { usePlanListPage } from './hooks';
import { NavLink } from '../../lib/ui/nav-link';
import { staffPaths } from './paths';
import { listHref, type WorkPlanListSearch } from './route-search';
import { BatchChange } from './batch-change';
import './work-plans.css';

const FILTERS = Object.entries(WorkPlanFilter) as [WorkPlanFilterName, number][];
const COLUMNS: WorkPlanSortKey[] = ['name', 'participant', 'startDate', 'expectedEndDate', 'status'];

/** /work-plan: the five filters, search, sorting and paging (15), from the replica. */
export function WorkPlanList({ search }: { search: WorkPlanListSearch }) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const [text, setText] = useState(search.search ?? '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useDocumentTitle(t('workPlans.list.title'));
  const q = { filter: search.filter ?? 1, search: search.search ?? '', sort: search.sort ?? 'name', dir: search.dir ?? 'asc', page: search.page ?? 1 } as const;
  const go = (s: WorkPlanListSearch) => void router.navigate({ href: listHref(s) });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ ...search, search: text.trim() || undefined, page: 1 });
  };
  const page = usePlanListPage(q) ?? null;
  const toggle = (uuid: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  return (
    <section className="work-plans" aria-labelledby="wp-title">
      <header className="work-plans__header">
        <h1 id="wp-title">{t('workPlans.list.title')}</h1>
        <div className="work-plans__actions">
          <NavLink href={staffPaths.review} className="button">{t('workPlans.review.start')}</NavLink>
          <NavLink href={staffPaths.add} className="button button--primary">{t('workPlans.add.new')}</NavLink>
        </div>
      </header>
      <nav className="work-plans__filters" aria-label={t('workPlans.list.filters')}>
        {FILTERS.map(([name, id]) => (
          <NavLink key={name} href={listHref({ ...search, filter: id, page: 1 })} current={q.filter === id} className="work-plans__filter">
            {t(`workPlans.filter.${name}`)}
          </NavLink>
        ))}
      </nav>
      <form className="work-plans__search" role="search" onSubmit={onSearch}>
        <label htmlFor="wp-search">{t('workPlans.list.search')}</label>
        <input id="wp-search" className="input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button">{t('workPlans.list.searchButton')}</button>
      </form>
      {selected.size > 0 && <BatchChange uuids={[...selected]} onDone={() => setSelected(new Set())} />}
      {!page ? (
        <p role="status">{t('workPlans.loading')}</p>
      ) : page.totalItems === 0 ? (
        <p role="status" className="work-plans__empty">{t(q.search ? 'workPlans.list.noMatch' : 'workPlans.list.empty')}</p>
      ) : (
        <>
          <p role="status" className="work-plans__count">{t('workPlans.list.count', { count: page.totalItems })}</p>
          <div className="work-plans__scroll" role="region" aria-label={t('workPlans.list.title')} tabIndex={0}>
          <table className="work-plans__table">
            <caption className="visually-hidden">{t('workPlans.list.title')}</caption>
            <thead>
              <tr>
                <th scope="col"><span className="visually-hidden">{t('workPlans.list.select')}</span></th>
                {COLUMNS.map((c) => {
                  const active = q.sort === c;
                  const nextDir = active && q.dir === 'asc' ? 'desc' : 'asc';
                  return (
                    <th key={c} scope="col" aria-sort={active ? (q.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                      <NavLink href={listHref({ ...search, sort: c, dir: nextDir, page: 1 })}>
                        {t(`workPlans.columns.${c}`)}
                        {active && <span aria-hidden="true">{q.dir === 'asc' ? ' ▲' : ' ▼'}</span>}
                      </NavLink>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {page.records.map((p) => (
                <tr key={p.uuid} data-testid="work-plan-row">
                  <td>
                    <input type="checkbox" checked={selected.has(p.uuid)} onChange={() => toggle(p.uuid)} aria-label={t('workPlans.list.selectPlan', { name: p.name, participant: p.participantName })} />
                  </td>
                  <td>
                    <NavLink href={staffPaths.plan(p.id ?? p.uuid)}>{p.name}</NavLink>
                    {p.pending && <span className="wp-pending"> {t('workPlans.pending')}</span>}
                  </td>
                  <td>{p.participantName}</td>
                  <td>{formatDate(p.startDate, i18n.language)}</td>
                  <td>{formatDate(p.expectedEndDate, i18n.language)}</td>
                  <td>{t(`workPlans.status.${p.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          {page.pageCount > 1 && (
            <nav className="work-plans__paging" aria-label={t('workPlans.list.paging')}>
              {page.page > 1 ? <NavLink href={listHref({ ...search, page: page.page - 1 })} className="button">{t('workPlans.list.previous')}</NavLink> : <span />}
              <span>{t('workPlans.list.page', { page: page.page, pages: page.pageCount })}</span>
              {page.page < page.pageCount ? <NavLink href={listHref({ ...search, page: page.page + 1 })} className="button">{t('workPlans.list.next')}</NavLink> : <span />}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
