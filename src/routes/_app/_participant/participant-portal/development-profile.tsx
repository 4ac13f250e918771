import { createFileRoute } from '@tanstack/react-router';
import { DevelopmentProfile } from '../../../../features/work-plans/development-profile/development-profile';
import { useViewer } from '../../../../features/work-plans/hooks';

export const Route = createFileRoute('/_app/_participant/participant-portal/development-profile')({
  component: RouteComponent,
});

function RouteComponent() {
  return <DevelopmentProfile participantId={useViewer()?.participantId ?? null} />;
}
