import { createFileRoute } from '@tanstack/react-router';
import { UserFormPage } from '../../../../features/users/user-form-page';

export const Route = createFileRoute('/_app/_staff/user/add')({
  component: RouteComponent,
});

function RouteComponent() {
  return <UserFormPage userId={null} />;
}
