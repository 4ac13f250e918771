import { createFileRoute } from '@tanstack/react-router';
import { ImitationOptionsPage } from '../../../../features/users/imitation-options-page';

export const Route = createFileRoute('/_app/_staff/user/$id/imitation-options')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ImitationOptionsPage key={id} userId={/^\d+$/.test(id) ? Number(id) : -1} />;
}
