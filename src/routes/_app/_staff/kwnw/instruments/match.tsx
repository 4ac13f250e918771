import { createFileRoute } from '@tanstack/react-router';
import { KwnwFrame, KwnwMatch, KwnwParticipants } from '../../../../../features/instruments/kwnw';
import { parseParticipantSearch } from '../../../../../features/instruments/paths';

export const Route = createFileRoute('/_app/_staff/kwnw/instruments/match')({
  validateSearch: parseParticipantSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { participant } = Route.useSearch();
  return (
    <KwnwFrame key={participant ?? 0} part="match" participantId={participant}>
      {participant ? <KwnwMatch participantId={participant} /> : <KwnwParticipants target="status" />}
    </KwnwFrame>
  );
}
