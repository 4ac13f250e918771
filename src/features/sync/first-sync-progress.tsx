import { useTranslation } from 'react-i18next';
import type { FirstSyncProgress as Progress } from '../../domain/sync/status';
import { formatNumber } from '../../lib/format';

interface FirstSyncProgressProps {
  progress: Progress;
}

/** The first sync's progress bar: collections done of all, with the documents fetched so far. */
export function FirstSyncProgress({ progress }: FirstSyncProgressProps) {
  const { t, i18n } = useTranslation();
  const text = t('sync.firstSync.progress', {
    done: progress.collectionsDone,
    total: progress.collectionsTotal,
    documents: formatNumber(progress.documents, i18n.language),
  });
  return (
    <div className="first-sync">
      <progress
        className="first-sync__bar"
        max={Math.max(1, progress.collectionsTotal)}
        value={progress.collectionsDone}
        aria-label={t('sync.firstSync.label')}
        aria-valuetext={text}
      />
      <span className="first-sync__text">{text}</span>
    </div>
  );
}
