import type { ErrorComponentProps } from '@tanstack/react-router';
import { CrashPage } from './crash-page';

/** Default error component of routes: the crash page in place of the failed route. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  return <CrashPage error={error} reset={reset} standalone={false} />;
}
