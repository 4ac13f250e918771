import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { StatusPage } from '../../lib/ui/status-page';

/** Shown when a page is opened without a connection (also the service worker's fallback). */
export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <StatusPage
        tone="warning"
        title={t('errorPages.offline.title')}
        actions={
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('app.retry')}
          </button>
        }
      >
        <p>{t('errorPages.offline.body')}</p>
      </StatusPage>
    </PublicFrame>
  );
}
