type Reporter = (error: unknown) => void;

let reporter: Reporter | null = null;

/** Set once by the error-reporting setup (src/app/sentry.ts) when a DSN is configured. */
export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
}

/** Reports an unexpected error when reporting is enabled; otherwise logs it to the console only. */
export function reportError(error: unknown): void {
  if (reporter) reporter(error);
  else console.error(error);
}
