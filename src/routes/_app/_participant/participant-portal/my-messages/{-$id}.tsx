import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../../../../../features/messages/messages-screen';
import { portalPaths } from '../../../../../features/messages/paths';
import { isMessageUuid, parseMessagesSearch } from '../../../../../features/messages/route-search';

export const Route = createFileRoute('/_app/_participant/participant-portal/my-messages/{-$id}')({
  validateSearch: parseMessagesSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  return (
    <MessagesScreen
      paths={portalPaths('/participant-portal/my-messages')}
      tab={search.tab ?? 'inbox'}
      page={search.page ?? 1}
      open={isMessageUuid(id) ? id : null}
      compose={null}
    />
  );
}
