import { syncApi } from '../../lib/sync-client';
import type { SendExtra, SendMessageInput } from '../../domain/messages/writes';
import { rememberArchived } from './archive-memory';

/**
 * The message screens' writes: each one declared write through the sync worker (optimistic, ordered,
 * sent exactly once when online). Archiving several messages is one write, so one request.
 */
export const messageActions = {
  send: (input: SendMessageInput, extra: SendExtra) => syncApi().messages.send(input, extra),
  markRead: (uuid: string) => syncApi().messages.read({ id: uuid }),
  markUnread: (uuid: string) => syncApi().messages.unread({ id: uuid }),
  archive: async (uuids: readonly string[]) => {
    const id = await syncApi().messages.archive({ ids: [...uuids] });
    rememberArchived(uuids);
    return id;
  },
  retry: (clientMutationId: string) => syncApi().outbox.retry(clientMutationId),
  discard: (clientMutationId: string) => syncApi().outbox.discard(clientMutationId),
};
