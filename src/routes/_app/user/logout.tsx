import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '../../../features/auth/sign-out';
import { LoadingPage } from '../../../features/errors/loading-page';

/** Sign-out (01 §4): while impersonating it leaves the latest impersonation and goes home; otherwise Login. */
export const Route = createFileRoute('/_app/user/logout')({
  beforeLoad: async () => {
    const outcome = await signOut();
    if (outcome === 'left-impersonation') throw redirect({ to: '/', replace: true });
    throw redirect({ to: '/login/{-$request}', params: { request: undefined }, replace: true });
  },
  component: LoadingPage,
});
