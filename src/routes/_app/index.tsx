import { createFileRoute } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { redirectHome } from '../../app/guards';
import { sessionStore } from '../../lib/session/session-store';
import { HomePage } from '../../features/shell/home-page';

export const Route = createFileRoute('/_app/')({
  beforeLoad: () => redirectHome(),
  component: RouteComponent,
});

function RouteComponent() {
  const { user } = useSnapshot(sessionStore);
  return <HomePage givenName={user?.givenName ?? ''} />;
}
