import { SENTRY_TRACES_SAMPLE_RATE } from '../src/domain/shared/constants';

type Capture = (error: unknown) => void;
let capture: Capture | null = null;

/** Starts error reporting only when SENTRY_DSN is set; nothing is loaded or sent otherwise. */
export async function initSentry(dsn: string | undefined, environment: string): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    // No request bodies, cookies or headers (passwords, tokens, BSNs) leave the server.
    beforeSend(event) {
      if (event.request) {
        delete event.request.cookies;
        delete event.request.data;
        delete event.request.headers;
      }
      return event;
    },
  });
  capture = (error) => {
    Sentry.captureException(error);
  };
  return true;
}

/** Reports an unexpected server error (REST or a graph resolver) when Sentry is on. */
export function reportError(error: unknown): void {
  capture?.(error);
}

/** Tests: see what would be reported (null restores "off"). */
export function setErrorReporter(reporter: Capture | null): void {
  capture = reporter;
}
