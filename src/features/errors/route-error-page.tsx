import type { ErrorComponentProps } from '@tanstack/react-router';
import { AccessDeniedError } from '../../domain/navigation/access-denied-error';
import { CrashPage } from './crash-page';
import { NamedErrorPage } from './named-error-page';

/** Error component of the guarded layouts: the 403 page for refused access, else the crash page. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  if (error instanceof AccessDeniedError) return <NamedErrorPage kind="http403" />;
  return <CrashPage error={error} reset={reset} standalone={false} />;
}
