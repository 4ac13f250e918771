import { createFileRoute } from '@tanstack/react-router';
import { KwnwFrame, KwnwParticipants } from '../../../../features/instruments/kwnw';

export const Route = createFileRoute('/_app/_staff/kwnw/')({
  component: RouteComponent,
});

function RouteComponent() {
  return (
    <KwnwFrame part="index">
      <KwnwParticipants target="status" />
    </KwnwFrame>
  );
}
