import { createFileRoute } from '@tanstack/react-router';
import { ParticipantPage } from '../../../../features/participants/participant-page';
import { ParticipantInstruments } from '../../../../features/instruments/participant-instruments';
import { DevelopmentProfile } from '../../../../features/work-plans/development-profile/development-profile';

export const Route = createFileRoute('/_app/_staff/participant/$id/')({
  component: RouteComponent,
});

/** The participant's page (its development-profile tab the participant's profile, issue 21), with the instruments they are linked to below it (issue 23). */
function RouteComponent() {
  const { id } = Route.useParams();
  const participantId = /^\d+$/.test(id) ? Number(id) : -1;
  return (
    <>
      <ParticipantPage key={id} participantId={participantId} developmentProfile={<DevelopmentProfile participantId={participantId} asTab />} />
      {participantId > 0 && <ParticipantInstruments participantId={participantId} />}
    </>
  );
}
