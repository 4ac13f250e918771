import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/chunk-load';
import { reportError } from '../../lib/error-reporting';
import { PublicFrame } from '../../lib/ui/public-frame';
import { StatusPage } from '../../lib/ui/status-page';

interface CrashPageProps {
  error: unknown;
  /** Tries rendering again (the router's reset). */
  reset?: () => void;
  standalone?: boolean;
}

/** The root error boundary's page: a friendly message; the error goes to Sentry when enabled. */
export function CrashPage({ error, reset, standalone = true }: CrashPageProps) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (!chunk) reportError(error);
  }, [error, chunk]);

  const page = (
    <StatusPage
      tone="error"
      title={t(chunk ? 'errorPages.chunk.title' : 'errorPages.crash.title')}
      actions={
        <>
          {!chunk && reset ? (
            <button type="button" className="button" onClick={reset}>
              {t('app.retry')}
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </button>
        </>
      }
    >
      <p>{t(chunk ? 'errorPages.chunk.body' : 'errorPages.crash.body')}</p>
      {import.meta.env.DEV && error instanceof Error ? (
        <details className="status-page__details">
          <summary>{t('errorPages.details')}</summary>
          <pre>{error.stack ?? error.message}</pre>
        </details>
      ) : null}
    </StatusPage>
  );
  return standalone ? <PublicFrame>{page}</PublicFrame> : page;
}
