import { createFileRoute } from '@tanstack/react-router';
import { ParticipantFormPage } from '../../../../features/participants/participant-form-page';

export const Route = createFileRoute('/_app/_staff/participant/$id/edit')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ParticipantFormPage key={id} participantId={/^\d+$/.test(id) ? Number(id) : -1} />;
}
