import { createFileRoute } from '@tanstack/react-router';
import { ParticipantsPage } from '../../../features/participants/participants-page';

export interface ParticipantsSearch {
  /** `network`: ask the server instead of the replica (comparison for the benchmark and support). */
  source?: 'network';
}

export const Route = createFileRoute('/_app/_staff/participants')({
  validateSearch: (search: Record<string, unknown>): ParticipantsSearch => (search.source === 'network' ? { source: 'network' } : {}),
  loaderDeps: ({ search }) => ({ source: search.source }),
  // The first rows from an open replica, read during the route change (features/participants/first-rows.ts;
  // imported here, not at the top: the loader stays in the entry chunk, the replica's code must not).
  loader: async ({ deps }) => (deps.source === 'network' ? null : (await import('../../../features/participants/first-rows')).firstRowsAhead()),
  component: RouteComponent,
});

function RouteComponent() {
  const { source } = Route.useSearch();
  const ahead = Route.useLoaderData();
  return <ParticipantsPage source={source === 'network' ? 'network' : 'replica'} ahead={ahead} />;
}
