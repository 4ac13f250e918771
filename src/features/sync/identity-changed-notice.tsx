import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../lib/replica/hooks';
import { IDENTITY_CHANGED } from './sync-session';
import './sync.css';

/**
 * Shown when another tab signed in as someone else (or started or ended impersonating): this tab
 * stopped syncing so nothing goes out or comes in under the wrong name; its unsent changes stay in
 * its replica. Reloading picks up the session as it is now.
 */
export function IdentityChangedNotice() {
  const { t } = useTranslation();
  const { blockedCode } = useSyncStatus();
  if (blockedCode !== IDENTITY_CHANGED) return null;
  return (
    <div className="identity-notice" role="alert" aria-labelledby="identity-notice-title">
      <p id="identity-notice-title" className="identity-notice__title">
        {t('sync.identity.title')}
      </p>
      <p>{t('sync.identity.body')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('sync.identity.reload')}
      </button>
    </div>
  );
}
