import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { StatusPage } from '../../lib/ui/status-page';

interface NotAvailablePageProps {
  path: string;
  standalone?: boolean;
}

/** For legacy menu links this version does not implement: friendly, with a way back. */
export function NotAvailablePage({ path, standalone = false }: NotAvailablePageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  const page = (
    <StatusPage
      title={t('notAvailable.title')}
      actions={
        <>
          {canGoBack ? (
            <button type="button" className="button" onClick={() => router.history.back()}>
              {t('app.back')}
            </button>
          ) : null}
          <Link className="button button--primary" to="/">
            {t('app.backHome')}
          </Link>
        </>
      }
    >
      <p>{t('notAvailable.body')}</p>
      <p>{t('notAvailable.help')}</p>
      <p className="status-page__path">{t('notAvailable.path', { path })}</p>
    </StatusPage>
  );
  return standalone ? <PublicFrame>{page}</PublicFrame> : page;
}
