import { useTranslation } from 'react-i18next';
import type { MessageTab } from '../../domain/messages/views';
import { MESSAGE_TABS } from '../../domain/messages/views';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useOnlineStatus } from '../../lib/use-online-status';
import { ComposeForm } from './compose-form';
import { FailedSends } from './failed-sends';
import { MessageDetail } from './message-detail';
import { MessageList } from './message-list';
import { NavLink } from '../../lib/ui/nav-link';
import { PushToggle } from './push-toggle';
import type { MessagePaths } from './paths';
import { useMe } from './use-me';
import { useUnreadCount } from './use-messages';
import './messages.css';

export interface MessagesScreenProps {
  paths: MessagePaths;
  tab: MessageTab;
  page: number;
  /** The message shown (uuid), or null for the list. */
  open: string | null;
  /** Compose (with the uuid of the message answered), or null. */
  compose: { replyTo: string | null } | null;
}

/** Messages (01 §2): tabs Postvak IN, Verzonden, Archief; a message with its thread; compose and reply. */
export function MessagesScreen({ paths, tab, page, open, compose }: MessagesScreenProps) {
  const { t } = useTranslation();
  const me = useMe();
  const online = useOnlineStatus();
  const unread = useUnreadCount(me?.key ?? null);
  useDocumentTitle(t(compose ? 'messages.compose.title' : `messages.tabs.${tab}`));
  if (!me) return null;
  return (
    <section className="messages" aria-labelledby="messages-title">
      <header className="messages__header">
        <h1 id="messages-title" className="messages__title">
          {t('messages.title')}
        </h1>
        {!compose && (
          <div className="messages__header-actions">
            {!open && <PushToggle />}
            <NavLink href={paths.compose()} className="button button--primary messages__new">
              {t('messages.compose.new')}
            </NavLink>
          </div>
        )}
      </header>
      <nav className="messages__tabs" aria-label={t('messages.tabs.label')}>
        {MESSAGE_TABS.map((x) => (
          <NavLink key={x} href={paths.tab(x)} current={!compose && !open && x === tab} className="messages__tab">
            {t(`messages.tabs.${x}`)}
            {x === 'inbox' && unread ? (
              <span className="messages__count" aria-label={t('messages.status.unread', { count: unread })}>
                {unread}
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <FailedSends paths={paths} />
      {compose ? (
        <ComposeForm me={me} paths={paths} replyTo={compose.replyTo} online={online} />
      ) : open ? (
        <MessageDetail me={me} uuid={open} tab={tab} paths={paths} />
      ) : (
        <MessageList key={`${tab}-${page}`} me={me} tab={tab} page={page} paths={paths} />
      )}
    </section>
  );
}
