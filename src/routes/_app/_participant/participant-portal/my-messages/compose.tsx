import { createFileRoute } from '@tanstack/react-router';
import { MessagesScreen } from '../../../../../features/messages/messages-screen';
import { portalPaths } from '../../../../../features/messages/paths';
import { parseMessagesSearch } from '../../../../../features/messages/route-search';

export const Route = createFileRoute('/_app/_participant/participant-portal/my-messages/compose')({
  validateSearch: parseMessagesSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const search = Route.useSearch();
  return <MessagesScreen paths={portalPaths('/participant-portal/my-messages')} tab="inbox" page={1} open={null} compose={{ replyTo: search.reply ?? null }} />;
}
