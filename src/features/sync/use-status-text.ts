import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../lib/format';
import type { SyncStatusView } from './sync-status-view';

/** Translates a status view into the line the shell shows. */
export function useStatusText(view: SyncStatusView): string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  switch (view.key) {
    case 'sync.status.syncedAt':
      return t(view.key, { time: formatTime(view.at ?? 0, language) });
    case 'sync.status.syncedOn':
      return t(view.key, { time: formatTime(view.at ?? 0, language), date: formatDate(view.at ?? 0, language) });
    case 'sync.status.offlinePending':
    case 'sync.status.pending':
    case 'sync.status.problem':
      return t(view.key, { count: view.count ?? 0 });
    default:
      return t(view.key);
  }
}
