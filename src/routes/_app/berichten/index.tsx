import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../../../features/messages/messages-screen';
import { berichtenPaths } from '../../../features/messages/paths';
import { parseMessagesSearch } from '../../../features/messages/route-search';

export const Route = createFileRoute('/_app/berichten/')({
  validateSearch: parseMessagesSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  return (
    <MessagesScreen
      paths={berichtenPaths}
      tab="inbox"
      page={search.page ?? 1}
      open={search.open ?? null}
      compose={search.compose ? { replyTo: search.reply ?? null } : null}
    />
  );
}
