import { createFileRoute, redirect } from '@tanstack/react-router';
import { startImpersonation } from '../../../../../../../../../features/auth/impersonation';
import { LoadingPage } from '../../../../../../../../../features/errors/loading-page';

/** Impersonating a participant: the id is the participant's; their login is impersonated. */
export const Route = createFileRoute('/_app/_staff/default/user/login-as/id/$id/isdeelnemer/1')({
  beforeLoad: async ({ params }) => {
    const { to } = await startImpersonation(Number(params.id), true);
    throw redirect({ href: to, replace: true });
  },
  component: LoadingPage,
});
