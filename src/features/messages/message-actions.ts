import { syncApi } from '../../lib/sync-client';
import { rememberArchived } from './archive-memory';
import { archiveRow, readRow, sendRow, type SendDraft } from '../../domain/messages/optimistic';

/**
 * The message screens' writes: each one outbox row through the sync worker (optimistic, ordered,
 * sent exactly once when online). Archiving several messages is one row, so one request.
 */
export const messageActions = {
  send: (draft: SendDraft) => syncApi().outbox.enqueue(sendRow(draft)),
  markRead: (uuid: string) => syncApi().outbox.enqueue(readRow(uuid, true, new Date())),
  markUnread: (uuid: string) => syncApi().outbox.enqueue(readRow(uuid, false, new Date())),
  archive: async (uuids: readonly string[]) => {
    const id = await syncApi().outbox.enqueue(archiveRow(uuids));
    rememberArchived(uuids);
    return id;
  },
  retry: (clientMutationId: string) => syncApi().outbox.retry(clientMutationId),
  discard: (clientMutationId: string) => syncApi().outbox.discard(clientMutationId),
};
