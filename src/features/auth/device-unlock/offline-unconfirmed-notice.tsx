import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../lib/session/session-store';
import '../auth.css';

/** In the shell while the session was opened offline and the server has not confirmed it: changes wait. */
export function OfflineUnconfirmedNotice() {
  const { t } = useTranslation();
  const { unlockedOffline } = useSnapshot(sessionStore);
  if (!unlockedOffline) return null;
  return (
    <p className="alert alert--warning offline-unconfirmed" role="status" data-testid="offline-unconfirmed">
      {t('auth.deviceUnlock.unconfirmed')}
    </p>
  );
}
