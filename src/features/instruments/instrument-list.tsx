import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';
import { DEFAULT_PAGE_SIZE } from '../../domain/shared/constants';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { NavLink } from '../../lib/ui/nav-link';
import { useAreaSettings, useInstrumentLists } from './hooks';
import { filterInstruments } from './queries';
import { instrumentListHref, paths, type InstrumentListSearch } from './paths';
import { AreaOff } from './area-off';
import './instruments.css';

const STATUS_NAMES = Object.keys(ParticipantStatus) as ParticipantStatusName[];

/** /instruments: the instrument library from the replica: search, four filters, pages of 15. */
export function InstrumentList({ search }: { search: InstrumentListSearch }) {
  const { t } = useTranslation();
  const router = useRouter();
  const settings = useAreaSettings();
  const lists = useInstrumentLists();
  const [text, setText] = useState(search.q ?? '');
  useDocumentTitle(t('instruments.list.title'));
  const go = (s: InstrumentListSearch) => void router.navigate({ href: instrumentListHref(s) });
  const filtered = useMemo(() => (lists ? filterInstruments(lists.instruments, search) : null), [lists, search]);
  if (settings && settings.mode !== 'enabled') return <AreaOff what="library" />;
  const pageCount = filtered ? Math.max(1, Math.ceil(filtered.length / DEFAULT_PAGE_SIZE)) : 1;
  const page = Math.min(Math.max(1, search.page ?? 1), pageCount);
  const records = filtered?.slice((page - 1) * DEFAULT_PAGE_SIZE, page * DEFAULT_PAGE_SIZE) ?? [];
  const name = (list: { id: number; name: string }[] | undefined, id: number | null) => list?.find((o) => o.id === id)?.name ?? '';
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ ...search, q: text.trim() || undefined, page: 1 });
  };
  const select = (key: 'category' | 'provision' | 'system' | 'status', label: string, opts: { id: number; name: string }[]) => (
    <div className="field">
      <label htmlFor={`inst-${key}`}>{label}</label>
      <select id={`inst-${key}`} className="input" value={search[key] === undefined ? '' : String(search[key])} onChange={(e) => go({ ...search, [key]: e.target.value === '' ? undefined : Number(e.target.value), page: 1 })}>
        <option value="">{t('instruments.list.all')}</option>
        {opts.map((o) => <option key={o.id} value={String(o.id)}>{o.name}</option>)}
      </select>
    </div>
  );

  return (
    <section className="instruments" aria-labelledby="inst-title">
      <header className="instruments__header">
        <h1 id="inst-title">{t('instruments.list.title')}</h1>
        <NavLink href={paths.add} className="button button--primary">{t('instruments.list.add')}</NavLink>
      </header>
      <form className="instruments__search" role="search" onSubmit={onSearch}>
        <label htmlFor="inst-q">{t('instruments.list.search')}</label>
        <input id="inst-q" className="input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button">{t('instruments.list.searchButton')}</button>
      </form>
      <div className="instruments__filters" role="group" aria-label={t('instruments.list.filters')}>
        {select('category', t('instruments.fields.category'), lists?.categories ?? [])}
        {select('provision', t('instruments.fields.provisionType'), lists?.provisionTypes ?? [])}
        {select('system', t('instruments.fields.competencySystem'), lists?.competencySystems ?? [])}
        {select('status', t('instruments.fields.participantStatus'), STATUS_NAMES.map((n) => ({ id: ParticipantStatus[n], name: t(`participants.statusName.${n}`) })))}
      </div>
      {!filtered ? (
        <p role="status">{t('instruments.loading')}</p>
      ) : filtered.length === 0 ? (
        <p role="status" className="instruments__muted">{t(lists!.instruments.length === 0 ? 'instruments.list.empty' : 'instruments.list.noMatch')}</p>
      ) : (
        <>
          <p role="status" className="instruments__muted">{t('instruments.list.count', { count: filtered.length })}</p>
          <ul className="instruments__cards">
            {records.map((i) => (
              <li key={i.uuid} className="card instruments__card" data-testid="instrument-row">
                <h2 className="instruments__card-title">
                  <NavLink href={paths.edit(i.id ?? i.uuid)}>{i.name}</NavLink>
                  {i.pending && <span className="wp-pending"> {t('instruments.pending')}</span>}
                </h2>
                {i.description && <p className="instruments__muted">{i.description}</p>}
                <p className="instruments__tags">
                  {[name(lists?.categories, i.categoryId), name(lists?.provisionTypes, i.provisionTypeId), name(lists?.competencySystems, i.competencySystemId)].filter(Boolean).join(' · ')}
                </p>
              </li>
            ))}
          </ul>
          {pageCount > 1 && (
            <nav className="instruments__paging" aria-label={t('instruments.list.paging')}>
              {page > 1 ? <NavLink href={instrumentListHref({ ...search, page: page - 1 })} className="button">{t('instruments.list.previous')}</NavLink> : <span />}
              <span>{t('instruments.list.page', { page, pages: pageCount })}</span>
              {page < pageCount ? <NavLink href={instrumentListHref({ ...search, page: page + 1 })} className="button">{t('instruments.list.next')}</NavLink> : <span />}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
