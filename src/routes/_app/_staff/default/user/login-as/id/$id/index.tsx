import { createFileRoute, redirect } from '@tanstack/react-router';
import { startImpersonation } from '../../../../../../../../features/auth/impersonation';
import { LoadingPage } from '../../../../../../../../features/errors/loading-page';

export const Route = createFileRoute('/_app/_staff/default/user/login-as/id/$id/')({
  beforeLoad: async ({ params }) => {
    const { to } = await startImpersonation(Number(params.id), false);
    throw redirect({ href: to, replace: true });
  },
  component: LoadingPage,
});
