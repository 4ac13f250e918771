import { useTranslation } from 'react-i18next';
import { useMe } from './use-me';
import { useUnreadCount } from './use-messages';
import './messages.css';

/** The unread counter beside Berichten in the menu, read from the replica (nothing when zero). */
export function UnreadBadge() {
  const { t } = useTranslation();
  const me = useMe();
  const count = useUnreadCount(me?.key ?? null);
  if (!count) return null;
  return (
    <span className="menu-badge" data-testid="unread-badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('messages.badge', { count })}</span>
    </span>
  );
}

/** Menu entries that carry the counter (staff, standard portal, newer portal). */
export const UNREAD_BADGE_ENTRIES = ['messages', 'messages-inbox', 'standard-messages', 'standard-messages-inbox', 'portal-messages'] as const;
