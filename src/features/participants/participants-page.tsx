import { startTransition, useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useReplicaIdentity, useReplicaQuery } from '../../lib/replica/hooks';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';
import { maskBsn } from '../../domain/participants/participant-input';
import type { ParticipantListRow } from './participant-row';
import { useNetworkParticipants } from './use-network-participants';
import { participantsKey, useReplicaParticipants, type ReplicaParticipants } from './use-replica-participants';
import { firstRows } from './first-rows';
import { filterOptions, NO_FILTERS, savedCaseloadToggle, type ParticipantFilters } from './queries';
import { saveCaseloadToggle, setVisibility } from './api';
import { failureText } from '../../lib/ui/reason-text';
import { ExportButton } from '../../lib/ui/export-button';
import { BsnSearch } from './bsn-search';
import './participants.css';

export const PAGE_SIZE = 100;


interface ParticipantsPageProps {
  /** Where the list comes from: the replica (always, for people) or the server (comparison only). */
  source: 'replica' | 'network';
  /** The default list's first rows read ahead by the route's loader (shown until the live query answers). */
  ahead?: ReplicaParticipants | null;
}

const STATUS_NAMES = Object.keys(ParticipantStatus) as ParticipantStatusName[];

/** Participants search (01 §2): filters (status, sub-status, coach, manager, project, visibility, caseload), paging, hide and unhide with undo. */
export function ParticipantsPage({ source, ahead = null }: ParticipantsPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.participants'));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const searchId = useId();
  return (
    <div className="participants-page">
      <div className="participants-page__head">
        <h1>{t('screens.participants')}</h1>
        <Link to="/participant/add" className="button button--primary">{t('admin.participants.add')}</Link>
      </div>
      <div className="participants-page__search field">
        <label htmlFor={searchId}>{t('participants.search')}</label>
        <input id={searchId} type="search" className="input" autoComplete="off" value={search} onChange={(event) => { setSearch(event.target.value); setLimit(PAGE_SIZE); }} />
      </div>
      {source === 'replica' ? <BsnSearch /> : null}
      {source === 'network' ? <NetworkList search={deferred} limit={limit} onMore={() => setLimit((n) => n + PAGE_SIZE)} /> : <ReplicaSearch search={deferred} ahead={ahead} />}
    </div>
  );
}

function ReplicaSearch({ search, ahead }: { search: string; ahead: ReplicaParticipants | null }) {
  const { t } = useTranslation();
  // The replica's user, also before the sync code has started (the stored session's reader).
  const session = useReplicaIdentity();
  const [filters, setFilters] = useState<Omit<ParticipantFilters, 'search'>>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string; undo?: () => void } | null>(null);
  const filtersKey = JSON.stringify(filters);
  // The rows read first (what fits on screen); the whole page once they are painted (`grownFor`).
  const viewKey = `${filtersKey}|${search}|${page}`;
  const [grownFor, setGrownFor] = useState<string | null>(null);
  const [first] = useState(firstRows);
  const limit = grownFor === viewKey ? PAGE_SIZE : first;
  const savedCaseload = useReplicaQuery((r) => (session ? savedCaseloadToggle(r, session.userId) : Promise.resolve(undefined)), [session?.userId]);
  const [caseloadApplied, setCaseloadApplied] = useState(false);
  // the saved caseload toggle applies once, when the replica answers
  if (!caseloadApplied && savedCaseload !== undefined) {
    setCaseloadApplied(true);
    if (savedCaseload && session) setFilters((f) => ({ ...f, caseloadOf: session.userId }));
  }
  const query = { ...filters, search };
  const result = useReplicaParticipants(query, page * PAGE_SIZE, limit, ahead);
  const firstShown = result !== undefined && result.key === participantsKey(query, page * PAGE_SIZE, first);
  useEffect(() => {
    if (!firstShown || grownFor === viewKey) return;
    // After the frame that paints the first rows: the rest of the page, as a transition (typing and
    // clicks go first).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setGrownFor(viewKey)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [firstShown, grownFor, viewKey]);
  // The filters' choices are not needed to show the list: read once the first rows are there.
  const listed = result !== undefined;
  const options = useReplicaQuery((r) => (listed ? filterOptions(r) : Promise.resolve(undefined)), [listed]);
  const ids = { status: useId(), sub: useId(), coach: useId(), manager: useId(), project: useId(), visibility: useId() };
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const num = (value: string) => (value === '' ? null : Number(value));

  const toggle = async (row: ParticipantListRow, visible: boolean, undoing = false) => {
    if (row.id === undefined) return;
    try {
      await setVisibility(row.uuid, visible);
      const text = t(visible ? 'admin.participants.unhiddenDone' : 'admin.participants.hiddenDone', { name: row.name });
      setNotice(undoing ? { kind: 'ok', text } : { kind: 'ok', text, undo: () => void toggle(row, !visible, true) });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };

  const subChoices = (options?.subStatuses ?? []).filter((s) => filters.statusId === null || s.statusId === filters.statusId);
  const total = result?.total ?? null;
  const pages = total !== null ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : 1;
  return (
    <>
      <fieldset className="participants-filters">
        <legend>{t('admin.participants.filters')}</legend>
        <div className="field">
          <label htmlFor={ids.status}>{t('admin.participants.status')}</label>
          <select id={ids.status} className="input" value={filters.statusId ?? ''} onChange={(e) => set({ statusId: num(e.target.value), subStatusId: null })}>
            <option value="">{t('admin.participants.any')}</option>
            {STATUS_NAMES.map((name) => (
              <option key={name} value={ParticipantStatus[name]}>{t(`participants.statusName.${name}`)}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.sub}>{t('admin.participants.subStatus')}</label>
          <select id={ids.sub} className="input" value={filters.subStatusId ?? ''} onChange={(e) => set({ subStatusId: num(e.target.value) })}>
            <option value="">{t('admin.participants.any')}</option>
            {subChoices.map((s) => (
              <option key={s.id} value={s.id}>{s.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.coach}>{t('admin.participants.coach')}</label>
          <select id={ids.coach} className="input" value={filters.coachId ?? ''} onChange={(e) => set({ coachId: num(e.target.value) })}>
            <option value="">{t('admin.participants.any')}</option>
            {(options?.coaches ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.manager}>{t('admin.participants.manager')}</label>
          <select id={ids.manager} className="input" value={filters.managerId ?? ''} onChange={(e) => set({ managerId: num(e.target.value) })}>
            <option value="">{t('admin.participants.any')}</option>
            {(options?.managers ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.project}>{t('admin.participants.project')}</label>
          <select id={ids.project} className="input" value={filters.projectId ?? ''} onChange={(e) => set({ projectId: num(e.target.value) })}>
            <option value="">{t('admin.participants.any')}</option>
            {(options?.projects ?? []).map((o) => (
              <option key={o.id} value={o.id}>{o.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.visibility}>{t('admin.participants.visibility')}</label>
          <select id={ids.visibility} className="input" value={filters.visibility} onChange={(e) => set({ visibility: e.target.value === 'hidden' ? 'hidden' : e.target.value === 'all' ? 'all' : 'active' })}>
            <option value="active">{t('admin.participants.visibilityActive')}</option>
            <option value="hidden">{t('admin.participants.visibilityHidden')}</option>
            <option value="all">{t('admin.participants.visibilityAll')}</option>
          </select>
        </div>
        <label className="participants-filters__check">
          <input type="checkbox" checked={filters.caseloadOf !== null} onChange={(e) => { set({ caseloadOf: e.target.checked ? (session?.userId ?? null) : null }); void saveCaseloadToggle(e.target.checked).catch(() => undefined); }} />
          {t('admin.participants.caseload')}
        </label>
      </fieldset>
      {notice ? (
        <div role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>
          {notice.text}{' '}
          {notice.undo ? <button type="button" className="button button--small" onClick={() => { const undo = notice.undo; setNotice(null); undo?.(); }}>{t('admin.common.undo')}</button> : null}
        </div>
      ) : null}
      <ParticipantsTable
        result={result}
        pageRows={total === null ? null : Math.min(PAGE_SIZE, Math.max(0, total - page * PAGE_SIZE))}
        actions
        onToggle={(row, visible) => void toggle(row, visible)}
      />
      {total !== null && total > PAGE_SIZE ? (
        <nav className="participants-pager" aria-label={t('admin.common.page', { page: page + 1, pages })}>
          <button type="button" className="button" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>{t('admin.common.previous')}</button>
          <span>{t('admin.common.page', { page: page + 1, pages })}</span>
          <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>{t('admin.common.next')}</button>
        </nav>
      ) : null}
      <ExportButton subject="participants" />
    </>
  );
}

function NetworkList({ search, limit, onMore }: { search: string; limit: number; onMore: () => void }) {
  const { t } = useTranslation();
  const result = useNetworkParticipants(search, limit);
  if (result === 'error') return <p role="alert">{t('participants.networkError')}</p>;
  return (
    <>
      <ParticipantsTable result={result} pageRows={result ? result.rows.length : null} actions={false} onToggle={() => undefined} />
      {result && result.rows.length < result.total ? (
        <button type="button" className="button participants-page__more" onClick={onMore}>{t('participants.more')}</button>
      ) : null}
    </>
  );
}

interface TableProps {
  /** The rows shown so far and the total, null until counted; undefined while loading. */
  result: { rows: ParticipantListRow[]; total: number | null } | undefined;
  /** How many rows the page holds when complete (null: not known yet). */
  pageRows: number | null;
  actions: boolean;
  onToggle: (row: ParticipantListRow, visible: boolean) => void;
}

function ParticipantsTable({ result, pageRows, actions, onToggle }: TableProps) {
  const { t } = useTranslation();
  if (!result) return <p aria-live="polite">{t('participants.loading')}</p>;
  const { rows, total } = result;
  return (
    <>
      <p className="participants-page__count" aria-live="polite" data-testid="participants-count" data-total={total ?? undefined}>
        {total === null ? null : t('participants.count', { count: total })}
        {total !== null && pageRows !== null && pageRows < total ? ` · ${t('participants.shown', { shown: pageRows, total })}` : ''}
      </p>
      {rows.length === 0 ? (
        <p>{t('participants.empty')}</p>
      ) : (
        <table className="participants-table" data-testid="participants-table" data-rows={rows.length}>
          <thead>
            <tr>
              <th scope="col">{t('participants.name')}</th>
              <th scope="col">{t('admin.participants.bsn')}</th>
              <th scope="col">{t('participants.status')}</th>
              <th scope="col">{t('participants.coach')}</th>
              {actions ? <th scope="col">{t('admin.common.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.uuid} data-name={row.name}>
                <th scope="row">
                  {row.id !== undefined && actions ? <Link to="/participant/$id" params={{ id: String(row.id) }}>{row.name}</Link> : row.name}
                  {row.hidden ? <span className="participants-table__hidden">{t('participants.hidden')}</span> : null}
                </th>
                <td>{maskBsn(row.bsn) ?? ''}</td>
                <td>{row.statusName ? t(`participants.statusName.${row.statusName}`) : ''}</td>
                <td>{row.coachName ?? t('participants.noCoach')}</td>
                {actions ? (
                  <td className="participants-table__actions">
                    {row.hidden ? (
                      <button type="button" className="button button--small" onClick={() => onToggle(row, true)} aria-label={`${t('admin.participants.unhide')}: ${row.name}`}>{t('admin.participants.unhide')}</button>
                    ) : (
                      <button type="button" className="button button--small" onClick={() => onToggle(row, false)} aria-label={`${t('admin.participants.hide')}: ${row.name}`}>{t('admin.participants.hide')}</button>
                    )}
                    {row.id !== undefined ? (
                      <Link to="/invitations/participant/$participantId" params={{ participantId: String(row.id) }} className="button button--small" aria-label={`${t('admin.participants.invitations')}: ${row.name}`}>{t('admin.participants.invitations')}</Link>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
