import { SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE, SENTRY_TRACES_SAMPLE_RATE } from '../domain/shared/constants';
import { setErrorReporter } from '../lib/error-reporting';

/**
 * Error reporting (01 §9): only when VITE_SENTRY_DSN is set at build time. Without it the SDK import
 * is dead code that the build drops, so nothing is loaded, precached or sent.
 */
export async function initSentry(): Promise<boolean> {
  const dsn = import.meta.env.VITE_SENTRY_DSN;
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment: import.meta.env.MODE,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: SENTRY_REPLAYS_ON_ERROR_SAMPLE_RATE,
  });
  setErrorReporter((error) => {
    Sentry.captureException(error);
  });
  return true;
}
