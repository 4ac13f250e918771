import { createFileRoute } from '@tanstack/react-router';
import { ParticipantFormPage } from '../../../../features/participants/participant-form-page';

export const Route = createFileRoute('/_app/_staff/participant/add')({
  component: RouteComponent,
});

function RouteComponent() {
  return <ParticipantFormPage participantId={null} />;
}
