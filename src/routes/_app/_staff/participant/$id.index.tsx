import { createFileRoute } from '@tanstack/react-router';
import { ParticipantPage } from '../../../../features/participants/participant-page';
import { ParticipantInstruments } from '../../../../features/instruments/participant-instruments';

export const Route = createFileRoute('/_app/_staff/participant/$id/')({
  component: RouteComponent,
});

/** The participant's page, with the instruments they are linked to below it (issue 23). */
function RouteComponent() {
  const { id } = Route.useParams();
  const participantId = /^\d+$/.test(id) ? Number(id) : -1;
  return (
    <>
      <ParticipantPage key={id} participantId={participantId} />
      {participantId > 0 && <ParticipantInstruments participantId={participantId} />}
    </>
  );
}
