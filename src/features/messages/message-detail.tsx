import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import type { MessageTab } from '../../domain/messages/views';
import { reportError } from '../../lib/error-reporting';
import { AttachmentLinks } from './attachment-links';
import { longDate } from './format-date';
import { MessageBody } from './message-body';
import { messageActions } from './message-actions';
import { NavLink } from '../../lib/ui/nav-link';
import type { MessagePaths } from './paths';
import type { Me } from './use-me';
import { useOpenMessage } from './use-messages';

interface MessageDetailProps {
  me: Me;
  uuid: string;
  tab: MessageTab;
  paths: MessagePaths;
}

/** A message with its thread; opening an unread message marks it read (the counter drops by one). */
export function MessageDetail({ me, uuid, tab, paths }: MessageDetailProps) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const open = useOpenMessage(me.key, uuid);
  const marked = useRef<string | null>(null);
  const message = open?.message ?? null;

  useEffect(() => {
    if (!message || marked.current === message.uuid) return;
    if (message.recipientKey === me.key && !message.read) {
      marked.current = message.uuid;
      messageActions.markRead(message.uuid).catch(reportError);
    }
  }, [message, me.key]);

  if (!open) return <p role="status">{t('messages.list.loading')}</p>;
  if (!message) {
    return (
      <div className="message-detail">
        <p role="status">{t('messages.message.notFound')}</p>
        <NavLink href={paths.tab(tab)}>{t('messages.message.back')}</NavLink>
      </div>
    );
  }
  const incoming = message.recipientKey === me.key;
  const archived = incoming ? !message.display : !message.senderDisplay;
  const canReply = message.id !== null;

  return (
    <article className="message-detail" aria-labelledby="message-subject">
      <NavLink href={paths.tab(tab)} className="message-detail__back">
        {t('messages.message.back')}
      </NavLink>
      <h2 id="message-subject" className="message-detail__subject">
        {message.subject}
      </h2>
      <div className="message-detail__actions">
        {canReply && (
          <NavLink href={paths.compose(message.uuid)} className="button button--primary">
            {t('messages.compose.reply')}
          </NavLink>
        )}
        {incoming && message.read && (
          <button
            type="button"
            className="button"
            onClick={() => {
              marked.current = message.uuid;
              messageActions.markUnread(message.uuid).catch(reportError);
            }}
          >
            {t('messages.message.markUnread')}
          </button>
        )}
        {!archived && (
          <button
            type="button"
            className="button"
            onClick={() => {
              messageActions
                .archive([message.uuid])
                .then(() => router.navigate({ href: paths.tab(tab) }))
                .catch(reportError);
            }}
          >
            {t('messages.message.archive')}
          </button>
        )}
      </div>
      {archived && <p className="messages__notice">{t('messages.message.archivedNote')}</p>}
      <ol className="message-thread" aria-label={t('messages.message.thread')}>
        {open.thread.map((m) => {
          const mine = m.senderKey === me.key;
          return (
            <li
              key={m.uuid}
              className={`message-card${mine ? ' message-card--mine' : ''}${m.uuid === message.uuid ? ' message-card--current' : ''}`}
              data-testid="thread-message"
            >
              <div className="message-card__head">
                <span className="message-card__from">{t('messages.message.from', { name: mine ? t('messages.message.you') : m.senderName })}</span>
                <span className="message-card__to">{t('messages.message.to', { name: m.recipientKey === me.key ? t('messages.message.you') : m.recipientName })}</span>
                <time dateTime={m.createdAt}>{longDate(m.createdAt, i18n.language)}</time>
                {m.pending && mine && <span className="message-pending">{t('messages.status.pending')}</span>}
                {m.pending && !mine && m.recipientKey === me.key && <span className="message-card__receipt">{t('messages.status.receiptWaiting')}</span>}
              </div>
              {m.uuid !== message.uuid && <p className="message-card__subject">{m.subject}</p>}
              <MessageBody html={m.body} />
              <AttachmentLinks attachments={m.attachments} />
            </li>
          );
        })}
      </ol>
    </article>
  );
}
