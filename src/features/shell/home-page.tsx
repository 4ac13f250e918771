import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../lib/ui/status-page';

interface HomePageProps {
  givenName: string;
}

/** Staff home: a greeting until the dashboards arrive. */
export function HomePage({ givenName }: HomePageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage title={t('home.welcome', { name: givenName })}>
      <p>{t('home.intro')}</p>
    </StatusPage>
  );
}
