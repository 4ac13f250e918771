import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sessionStore } from '../../app/session-store';

/** "U bent ingelogd als … — Stoppen" while impersonating (01 §4). */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { identityChain, user } = useSnapshot(sessionStore);
  if (identityChain.length === 0 || !user) return null;
  const name = `${user.givenName} ${user.surname}`.trim() || user.username;
  return (
    <div className="imitation-banner" role="status" data-testid="imitation-banner">
      <span>{t('auth.impersonation.banner', { name })}</span>
      <Link to="/stop-imitate" className="button">
        {t('auth.impersonation.stop')}
      </Link>
    </div>
  );
}
