import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '../../../app/session-store';
import { LoadingPage } from '../../../features/errors/loading-page';

export const Route = createFileRoute('/_app/user/logout')({
  beforeLoad: async () => {
    await signOut();
    throw redirect({ to: '/login/{-$request}', params: { request: undefined }, replace: true });
  },
  component: LoadingPage,
});
