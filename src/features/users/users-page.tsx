import { useDeferredValue, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { syncStore } from '../../lib/sync-client';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { DEFAULT_PAGE_SIZE } from '../../domain/shared/constants';
import { addSearchHistory, blockUser, clearSearchHistory, resetUserMfa, unblockUser, updateSearchSettings } from './api';
import { DEFAULT_USER_COLUMNS, roleOptions, searchState, searchUsers, USER_COLUMNS, type UserColumn, type UserRowView } from './queries';
import { failureText, reasonText } from '../../lib/ui/reason-text';
import { ExportButton } from '../../lib/ui/export-button';
import './users.css';

const SUBJECT = 'users';

function isColumn(value: unknown): value is UserColumn {
  return typeof value === 'string' && (USER_COLUMNS as readonly string[]).includes(value);
}

/** /user: search users with saved search settings (columns, sorting, paging) and search history. */
export function UsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.users.title'));
  const { session } = useSnapshot(syncStore);
  const userId = session?.userId ?? 0;
  const ids = { search: useId(), role: useId(), perPage: useId() };
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [includeBlocked, setIncludeBlocked] = useState(true);
  const [columns, setColumns] = useState<UserColumn[]>(DEFAULT_USER_COLUMNS);
  const [sortBy, setSortBy] = useState<UserColumn>('name');
  const [descending, setDescending] = useState(false);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [loadedSettings, setLoadedSettings] = useState(false);

  const saved = useReplicaQuery((r) => searchState(r, userId, SUBJECT), [userId]);
  const roles = useReplicaQuery((r) => roleOptions(r), []);
  const result = useReplicaQuery((r) => searchUsers(r, { text: deferred, roleId, includeBlocked, sortBy, descending, page, perPage }), [deferred, roleId, includeBlocked, sortBy, descending, page, perPage]);

  // the saved search settings apply once, when they arrive
  if (!loadedSettings && saved) {
    setLoadedSettings(true);
    applySettings(saved.settings);
  }
  function applySettings(s: typeof saved extends undefined ? never : NonNullable<typeof saved>['settings']) {
    if (!s) return;
    if (Array.isArray(s.columns)) {
      const cols = s.columns.filter(isColumn);
      if (cols.length) setColumns(cols);
    }
    const p = (s.pagination ?? {}) as { rowsPerPage?: unknown; sortBy?: unknown; descending?: unknown };
    if (typeof p.rowsPerPage === 'number') setPerPage(p.rowsPerPage);
    if (isColumn(p.sortBy)) setSortBy(p.sortBy);
    if (typeof p.descending === 'boolean') setDescending(p.descending);
  }

  const persist = (next: { columns?: UserColumn[]; sortBy?: UserColumn; descending?: boolean; perPage?: number }) => {
    void updateSearchSettings(SUBJECT, {
      columns: next.columns ?? columns,
      showCaseload: false,
      pagination: { rowsPerPage: next.perPage ?? perPage, sortBy: next.sortBy ?? sortBy, descending: next.descending ?? descending },
    }).catch(() => undefined);
  };

  const sort = (column: UserColumn) => {
    const nextDesc = column === sortBy ? !descending : false;
    setSortBy(column);
    setDescending(nextDesc);
    persist({ sortBy: column, descending: nextDesc });
  };

  const toggleColumn = (column: UserColumn) => {
    const next = columns.includes(column) ? columns.filter((c) => c !== column) : USER_COLUMNS.filter((c) => c === column || columns.includes(c));
    if (next.length === 0) return;
    setColumns(next);
    persist({ columns: next });
  };

  const act = async (row: UserRowView, action: 'block' | 'unblock' | 'mfa') => {
    const confirmText = action === 'block' ? t('admin.users.blockConfirm', { name: row.name }) : action === 'mfa' ? t('admin.users.resetMfaConfirm', { name: row.name }) : null;
    if (confirmText && !window.confirm(confirmText)) return;
    setNotice(null);
    try {
      const id = String(row.id);
      const res = action === 'block' ? await blockUser(id) : action === 'unblock' ? await unblockUser(id) : await resetUserMfa(id);
      if (!res.success) setNotice({ kind: 'error', text: reasonText(t, res.reason, res.params) });
      else {
        const key = action === 'block' ? 'admin.users.blockedDone' : action === 'unblock' ? 'admin.users.unblockedDone' : 'admin.users.resetMfaDone';
        setNotice({ kind: 'ok', text: t(key, { name: row.name }) });
      }
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(t, error) });
    }
  };

  const saveSearch = () => {
    if (!text.trim()) return;
    void addSearchHistory(SUBJECT, { text: text.trim(), roleId }).catch(() => undefined);
  };

  const pages = result && perPage > 0 ? Math.max(1, Math.ceil(result.total / perPage)) : 1;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1>{t('admin.users.title')}</h1>
        <Link to="/user/add" className="button button--primary">
          {t('admin.users.add')}
        </Link>
      </div>
      <form className="admin-filters" role="search" onSubmit={(e) => { e.preventDefault(); saveSearch(); }}>
        <div className="field">
          <label className="field__label" htmlFor={ids.search}>{t('admin.users.searchLabel')}</label>
          <input id={ids.search} className="input" type="search" value={text} autoComplete="off" onChange={(e) => { setText(e.target.value); setPage(1); }} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.role}>{t('admin.users.roleFilter')}</label>
          <select id={ids.role} className="input" value={roleId ?? ''} onChange={(e) => { setRoleId(e.target.value ? Number(e.target.value) : null); setPage(1); }}>
            <option value="">{t('admin.users.allRoles')}</option>
            {(roles ?? []).map((r) => (
              <option key={r.id} value={r.id}>{r.label}</option>
            ))}
          </select>
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={includeBlocked} onChange={(e) => { setIncludeBlocked(e.target.checked); setPage(1); }} />
          {t('admin.users.showBlocked')}
        </label>
        <button type="submit" className="button">{t('admin.users.saveSearch')}</button>
      </form>
      <details className="admin-details">
        <summary>{t('admin.users.columns')}</summary>
        <fieldset className="admin-columns">
          <legend className="visually-hidden">{t('admin.users.columns')}</legend>
          {USER_COLUMNS.map((c) => (
            <label key={c} className="admin-check">
              <input type="checkbox" checked={columns.includes(c)} onChange={() => toggleColumn(c)} />
              {t(`admin.users.column.${c}`)}
            </label>
          ))}
        </fieldset>
      </details>
      <details className="admin-details">
        <summary>{t('admin.users.history')}</summary>
        {saved?.history.length ? (
          <ul className="admin-history">
            {saved.history.map((h) => {
              const data = (h.data ?? {}) as { text?: unknown };
              const label = typeof data.text === 'string' ? data.text : '';
              return (
                <li key={h.uuid}>
                  <button type="button" className="button button--link" onClick={() => { setText(label); setPage(1); }}>{label}</button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('admin.users.historyEmpty')}</p>
        )}
        <button type="button" className="button" onClick={() => void clearSearchHistory(SUBJECT).catch(() => undefined)}>{t('admin.users.clearHistory')}</button>
      </details>
      {notice ? <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--success'}`}>{notice.text}</p> : null}
      {!result ? (
        <p aria-live="polite">{t('admin.common.loading')}</p>
      ) : result.rows.length === 0 ? (
        <p>{t('admin.users.empty')}</p>
      ) : (
        <>
          <p aria-live="polite">{t('admin.common.count', { count: result.total })}</p>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="users-table">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col" aria-sort={sortBy === c ? (descending ? 'descending' : 'ascending') : 'none'}>
                      <button type="button" className="admin-sort" onClick={() => sort(c)} aria-label={t('admin.users.sortBy', { column: t(`admin.users.column.${c}`) })}>
                        {t(`admin.users.column.${c}`)}
                        {sortBy === c ? <span aria-hidden="true">{descending ? ' ▼' : ' ▲'}</span> : null}
                      </button>
                    </th>
                  ))}
                  <th scope="col">{t('admin.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.uuid} data-username={row.username}>
                    {columns.map((c) =>
                      c === 'name' ? (
                        <th key={c} scope="row">{row.name}</th>
                      ) : (
                        <td key={c}>{c === 'status' ? (row.blocked ? t('admin.users.blocked') : t('admin.users.active')) : row[c]}</td>
                      ),
                    )}
                    <td className="admin-actions">
                      <Link to="/user/$id/edit" params={{ id: String(row.id) }} className="button button--small" aria-label={`${t('admin.common.edit')}: ${row.name}`}>{t('admin.common.edit')}</Link>
                      {row.blocked ? (
                        <button type="button" className="button button--small" onClick={() => void act(row, 'unblock')} aria-label={`${t('admin.users.unblock')}: ${row.name}`}>{t('admin.users.unblock')}</button>
                      ) : (
                        <button type="button" className="button button--small" onClick={() => void act(row, 'block')} aria-label={`${t('admin.users.block')}: ${row.name}`}>{t('admin.users.block')}</button>
                      )}
                      <button type="button" className="button button--small" onClick={() => void act(row, 'mfa')} aria-label={`${t('admin.users.resetMfa')}: ${row.name}`}>{t('admin.users.resetMfa')}</button>
                      <Link to="/user/$id/imitation-options" params={{ id: String(row.id) }} className="button button--small" aria-label={`${t('admin.users.imitationOptions')}: ${row.name}`}>{t('admin.users.imitationOptions')}</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin-pager" aria-label={t('admin.common.page', { page, pages })}>
            <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>{t('admin.common.previous')}</button>
            <span>{t('admin.common.page', { page, pages })}</span>
            <button type="button" className="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>{t('admin.common.next')}</button>
            <label htmlFor={ids.perPage}>{t('admin.users.rowsPerPage')}</label>
            <select id={ids.perPage} className="input input--inline" value={perPage} onChange={(e) => { const n = Number(e.target.value); setPerPage(n); setPage(1); persist({ perPage: n }); }}>
              {[15, 30, 50, 100].map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </nav>
        </>
      )}
      <ExportButton subject="users" />
    </div>
  );
}
