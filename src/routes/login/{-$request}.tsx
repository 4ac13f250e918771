import { useEffect } from 'react';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { LoginPage } from '../../features/login/login-page';
import { LoginNotice } from '../../features/auth/login-notice';
import { continueAfterSignIn } from '../../features/auth/sign-in-flow';
import { isSessionNotice, peekSessionNotice, takeSessionNotice } from '../../lib/api/auth-flow-state';
import type { SessionNotice } from '../../lib/api/error-catalogue';

export interface LoginSearch {
  redirect_uri?: string;
  expired?: boolean;
  /** Why the session ended, besides expiry (01 §8): maintenance, too many codes, inactivity. */
  notice?: Exclude<SessionNotice, 'expired'>;
}

export const Route = createFileRoute('/login/{-$request}')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect_uri: typeof search.redirect_uri === 'string' ? search.redirect_uri : undefined,
    expired: search.expired === 1 || search.expired === '1' || search.expired === true ? true : undefined,
    notice: isSessionNotice(search.notice) && search.notice !== 'expired' ? search.notice : undefined,
  }),
  // A session that ended where no one could say so (a guard, a reload) left its notice: put it in the address.
  beforeLoad: ({ search, params }) => {
    const pending = peekSessionNotice();
    if (!pending || search.expired || search.notice) return;
    throw redirect({
      to: '/login/{-$request}',
      params,
      search: pending === 'expired' ? { ...search, expired: true } : { ...search, notice: pending },
      replace: true,
    });
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect_uri, expired, notice } = Route.useSearch();
  const router = useRouter();
  useEffect(() => {
    takeSessionNotice();
  }, []);
  const onSignedIn = () => continueAfterSignIn((href) => router.navigate({ href, replace: true }), redirect_uri);
  return (
    <>
      <LoginNotice notice={notice ?? null} />
      <LoginPage expired={expired === true} onSignedIn={onSignedIn} />
    </>
  );
}
