import { createFileRoute } from '@tanstack/react-router';
import { UserFormPage } from '../../../../features/users/user-form-page';

export const Route = createFileRoute('/_app/_staff/user/$id/edit')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <UserFormPage key={id} userId={/^\d+$/.test(id) ? Number(id) : -1} />;
}
