import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MessageTab } from '../../domain/messages/views';
import { syncStore } from '../../lib/sync-client';
import { reportError } from '../../lib/error-reporting';
import { longDate, shortDate } from './format-date';
import { messageActions } from './message-actions';
import { NavLink } from '../../lib/ui/nav-link';
import type { MessagePaths } from './paths';
import type { Me } from './use-me';
import { useTabPage } from './use-messages';

interface MessageListProps {
  me: Me;
  tab: MessageTab;
  page: number;
  paths: MessagePaths;
}

/** One tab, 15 a page, newest first; select several to archive in one go or to mark read/unread. */
export function MessageList({ me, tab, page, paths }: MessageListProps) {
  const { t, i18n } = useTranslation();
  const data = useTabPage(me.key, tab, page);
  const sync = useSnapshot(syncStore);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);

  if (!data) return <p className="messages__loading" role="status">{t('messages.list.loading')}</p>;
  const firstSync = sync.firstSync && !sync.firstSync.done && data.totalItems === 0;
  if (data.totalItems === 0) {
    return (
      <p className="messages__empty" role="status">
        {firstSync ? t('messages.list.firstSync') : t(`messages.list.empty.${tab}`)}
      </p>
    );
  }

  const records = data.records;
  const toggle = (uuid: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });
  const allChecked = records.length > 0 && records.every((m) => selected.has(m.uuid));
  const chosen = records.filter((m) => selected.has(m.uuid));
  const run = (work: () => Promise<unknown>, message?: string) => {
    work().then(
      () => {
        setSelected(new Set());
        if (message) setNotice(message);
      },
      (error: unknown) => reportError(error),
    );
  };
  const received = chosen.filter((m) => m.recipientKey === me.key);

  return (
    <div className="message-list">
      {tab !== 'archived' && (
        <div className="message-list__toolbar" role="toolbar" aria-label={t('messages.list.selected', { count: chosen.length })}>
          <label className="message-list__all">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={() => setSelected(allChecked ? new Set() : new Set(records.map((m) => m.uuid)))}
            />
            <span>{t('messages.list.selectAll')}</span>
          </label>
          <button
            type="button"
            className="button"
            disabled={chosen.length === 0}
            onClick={() => run(() => messageActions.archive(chosen.map((m) => m.uuid)), t('messages.list.archived', { count: chosen.length }))}
          >
            {t('messages.list.archive')}
          </button>
          {tab === 'inbox' && (
            <>
              <button
                type="button"
                className="button"
                disabled={!received.some((m) => !m.read)}
                onClick={() => run(async () => {
                  for (const m of received.filter((x) => !x.read)) await messageActions.markRead(m.uuid);
                })}
              >
                {t('messages.list.markRead')}
              </button>
              <button
                type="button"
                className="button"
                disabled={!received.some((m) => m.read)}
                onClick={() => run(async () => {
                  for (const m of received.filter((x) => x.read)) await messageActions.markUnread(m.uuid);
                })}
              >
                {t('messages.list.markUnread')}
              </button>
            </>
          )}
        </div>
      )}
      {notice && (
        <p className="messages__notice" role="status">
          {notice}
        </p>
      )}
      <ul className="message-list__items">
        {records.map((m) => {
          const incoming = m.recipientKey === me.key;
          const unread = incoming && !m.read;
          const other = incoming ? m.senderName : m.recipientName;
          return (
            <li key={m.uuid} className={`message-item${unread ? ' message-item--unread' : ''}`} data-testid="message-item">
              {tab !== 'archived' && (
                <input
                  type="checkbox"
                  className="message-item__check"
                  checked={selected.has(m.uuid)}
                  onChange={() => toggle(m.uuid)}
                  aria-label={t('messages.list.select', { subject: m.subject })}
                />
              )}
              <NavLink href={paths.open(m.uuid, tab)} className="message-item__link">
                <span className="message-item__who">
                  {unread && <span className="visually-hidden">{t('messages.list.unread')}: </span>}
                  {/* The tab says whether it is from or to; the name shows first (a narrow row cut "Van: …" to "Van…"). */}
                  <span className="visually-hidden">{incoming ? `${t('messages.list.from')}: ` : `${t('messages.list.to')}: `}</span>
                  {other}
                </span>
                <span className="message-item__subject">{m.subject}</span>
                <span className="message-item__meta">
                  {m.attachments.length > 0 && (
                    <span className="message-item__clip" title={t('messages.list.attachment')} aria-label={t('messages.list.attachment')}>
                      📎
                    </span>
                  )}
                  {/* A received message is never waiting to be sent: offline, only its read receipt waits. */}
                  {m.pending && !incoming && <span className="message-pending">{t('messages.status.pending')}</span>}
                  <time dateTime={m.createdAt} title={longDate(m.createdAt, i18n.language)}>
                    {shortDate(m.createdAt, i18n.language)}
                  </time>
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      {data.pageCount > 1 && (
        <nav className="message-list__paging" aria-label={t('messages.list.page', { page: data.page, pages: data.pageCount })}>
          {data.page > 1 ? (
            <NavLink href={paths.tab(tab, data.page - 1)} className="button">
              {t('messages.list.previous')}
            </NavLink>
          ) : (
            <span />
          )}
          <span>{t('messages.list.page', { page: data.page, pages: data.pageCount })}</span>
          {data.page < data.pageCount ? (
            <NavLink href={paths.tab(tab, data.page + 1)} className="button">
              {t('messages.list.next')}
            </NavLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
