import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../lib/replica/hooks';
import { hasStalePending } from './sync-status-view';
import { useNow } from './use-now';
import './sync.css';

/** Warns when a change has waited more than a day: Safari may erase the data of a site not installed. */
export function StalePendingWarning() {
  const { t } = useTranslation();
  const { oldestPendingAt } = useSyncStatus();
  const now = useNow(60_000);
  if (!hasStalePending(oldestPendingAt, now)) return null;
  return (
    <div className="stale-warning" role="status">
      <p className="stale-warning__title">{t('sync.stale.title')}</p>
      <p>{t('sync.stale.body')}</p>
      <Link to="/wijzigingen" className="stale-warning__link">
        {t('sync.stale.link')}
      </Link>
    </div>
  );
}
