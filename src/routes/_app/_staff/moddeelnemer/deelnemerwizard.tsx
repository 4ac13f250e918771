import { createFileRoute } from '@tanstack/react-router';
import { ParticipantFormPage } from '../../../../features/participants/participant-form-page';

/** The menu's participant wizard link (01 §2 "New"): the same form as /participant/add. */
export const Route = createFileRoute('/_app/_staff/moddeelnemer/deelnemerwizard')({
  component: RouteComponent,
});

function RouteComponent() {
  return <ParticipantFormPage participantId={null} />;
}
