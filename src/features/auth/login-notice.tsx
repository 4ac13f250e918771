import { useTranslation } from 'react-i18next';
import type { SessionNotice } from '../../lib/api/error-catalogue';
import './auth.css';

/** Why the user is on Login (maintenance, too many codes, inactivity): a bar above the page. The expired flag is shown by the page itself. */
export function LoginNotice({ notice }: { notice: Exclude<SessionNotice, 'expired'> | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <p className="auth-notice" role="alert" data-testid="login-notice">
      {t(`auth.notices.${notice}`)}
    </p>
  );
}
