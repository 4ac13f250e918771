import type { NotFoundRouteProps } from '@tanstack/react-router';
import { isForbidden } from './forbidden';
import { NamedErrorPage } from './named-error-page';

/**
 * Not-found boundary of the guarded layouts, inside the shell. Guards signal refused access as a
 * not-found carrying FORBIDDEN: it stops the child routes from loading without being logged as a crash.
 */
export function RouteNotFoundPage({ data }: NotFoundRouteProps) {
  return <NamedErrorPage kind={isForbidden(data) ? 'http403' : 'http404'} />;
}
