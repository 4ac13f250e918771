import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { StatusPage } from '../../lib/ui/status-page';

/** After the wipe of a revoked device (issue 36, wipe.ts): why everything is gone, and the way to sign in anew. */
export function DeviceRevokedPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <StatusPage
        tone="warning"
        title={t('auth.deviceRevokedPage.title')}
        actions={
          <a className="button button--primary" href="/login">
            {t('auth.deviceRevokedPage.signIn')}
          </a>
        }
      >
        <p>{t('auth.deviceRevokedPage.body')}</p>
      </StatusPage>
    </PublicFrame>
  );
}
