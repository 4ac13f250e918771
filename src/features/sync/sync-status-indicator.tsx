import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/use-online-status';
import { FirstSyncProgress } from './first-sync-progress';
import { syncStatusView } from './sync-status-view';
import { useNow } from './use-now';
import { useSyncViewStatus } from './use-sync-view-status';
import { useStatusText } from './use-status-text';
import { outboxActions } from './sync-actions';
import './sync.css';

/**
 * The shell's sync status: online/offline, changes waiting to be sent, when the replica was last
 * brought up to date, and the first sync's progress. A link to the changes page; the line is also
 * announced politely to screen readers when it changes.
 */
export function SyncStatusIndicator() {
  const { t } = useTranslation();
  const status = useSyncViewStatus();
  const online = useOnlineStatus();
  const now = useNow();
  const view = syncStatusView(status, now, online);
  const text = useStatusText(view);
  if (status.state === 'stopped' && status.session === null) return null;
  const firstSync = status.firstSync && !status.firstSync.done ? status.firstSync : null;
  return (
    <div className={`sync-indicator sync-indicator--${view.tone}${status.state === 'syncing' ? ' sync-indicator--busy' : ''}`}>
      <Link to="/wijzigingen" className="sync-indicator__link" title={t('sync.status.linkTitle')}>
        <span className="sync-indicator__dot" aria-hidden="true" />
        <span className="sync-indicator__text" aria-live="polite" aria-atomic="true">
          {text}
        </span>
        {view.badge > 0 ? (
          <span className="sync-indicator__badge" aria-hidden="true">
            {view.badge}
          </span>
        ) : null}
      </Link>
      {view.retry ? (
        <button
          type="button"
          className="sync-indicator__retry"
          aria-label={t('syncPull.retryLabel')}
          title={t('syncPull.storageHint')}
          onClick={() => void outboxActions.resumeSync()}
        >
          {t('syncPull.retry')}
        </button>
      ) : null}
      {firstSync ? <FirstSyncProgress progress={firstSync} /> : null}
    </div>
  );
}
