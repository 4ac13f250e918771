import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { useOnlineStatus } from '../../lib/use-online-status';
import { FirstSyncProgress } from './first-sync-progress';
import { formatDate, formatTime } from '../../lib/format';
import { outboxActions } from './sync-actions';
import { SyncSelfTest } from './sync-self-test';
import { syncStatusView } from './sync-status-view';
import { useNow } from './use-now';
import { useSyncViewStatus } from './use-sync-view-status';
import { useStatusText } from './use-status-text';
import { ChecksumRepair } from './checksum-repair';

/** The changes page's status block: connection, last update, what the replica holds, "update now". */
export function SyncOverview() {
  const { t, i18n } = useTranslation();
  const status = useSyncViewStatus();
  const online = useOnlineStatus() && status.online;
  const now = useNow();
  const text = useStatusText(syncStatusView(status, now, online));
  const participants = useReplicaQuery((r) => r.docs('participants').count(), []);
  const [busy, setBusy] = useState(false);
  const last = status.lastSyncedAt;
  const firstSync = status.firstSync && !status.firstSync.done ? status.firstSync : null;

  const syncNow = () => {
    setBusy(true);
    outboxActions
      .syncNow()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <section className="sync-overview card" aria-labelledby="sync-overview-title">
      <h2 id="sync-overview-title" className="sync-overview__title">
        {t('sync.page.statusHeading')}
      </h2>
      <p className="sync-overview__line" aria-live="polite" aria-atomic="true">
        {text}
      </p>
      {firstSync ? <FirstSyncProgress progress={firstSync} /> : null}
      <dl className="sync-overview__facts">
        <div>
          <dt>{t('sync.page.connection')}</dt>
          <dd data-testid="sync-connection">{online ? t('sync.page.online') : t('sync.page.offline')}</dd>
        </div>
        <div>
          <dt>{t('sync.page.lastSynced')}</dt>
          <dd>
            {last === null
              ? t('sync.page.never')
              : `${formatDate(last, i18n.language)} ${formatTime(last, i18n.language)}`}
          </dd>
        </div>
        <div>
          <dt>{t('sync.page.onDevice')}</dt>
          <dd data-testid="replica-participant-count">
            {participants === undefined ? '…' : t('sync.page.participantsOnDevice', { count: participants })}
          </dd>
        </div>
      </dl>
      <button type="button" className="button" onClick={syncNow} disabled={busy || !online}>
        {t('sync.page.syncNow')}
      </button>
      <ChecksumRepair />
      <SyncSelfTest />
    </section>
  );
}
