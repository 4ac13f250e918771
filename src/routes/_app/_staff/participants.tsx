import { createFileRoute } from '@tanstack/react-router';
import { ParticipantsPage } from '../../../features/participants/participants-page';

export interface ParticipantsSearch {
  /** `network`: ask the server instead of the replica (comparison for the benchmark and support). */
  source?: 'network';
}

export const Route = createFileRoute('/_app/_staff/participants')({
  validateSearch: (search: Record<string, unknown>): ParticipantsSearch => (search.source === 'network' ? { source: 'network' } : {}),
  component: RouteComponent,
});

function RouteComponent() {
  const { source } = Route.useSearch();
  return <ParticipantsPage source={source === 'network' ? 'network' : 'replica'} />;
}
