import { useTranslation } from 'react-i18next';

/** Pending state of routes and the /loading page: a spinner with a spoken label. */
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
