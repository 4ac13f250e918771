import { useReplicaQuery } from '../../lib/replica/hooks';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import { threadOf, type MessageTab, type MessageView, type PartyKey, type TabPage } from '../../domain/messages/views';
import { failedSends, myMessages, tabPageOf, unreadCount } from './queries';

/** Every message of the viewer, with archive rows still in the outbox laid over them (threads, replies). */
export function useMyMessages(me: PartyKey | null): MessageView[] | undefined {
  return useReplicaQuery((r) => (me ? myMessages(r, me) : Promise.resolve([])), [me]);
}

/** One page of a tab, reading only that tab's index range. */
export function useTabPage(me: PartyKey | null, tab: MessageTab, page: number): TabPage | undefined {
  return useReplicaQuery((r) => (me ? tabPageOf(r, me, tab, page) : Promise.resolve(undefined)), [me, tab, page]);
}

/** The unread counter (menu badge, tab label): read false, display true, the viewer the recipient. */
export function useUnreadCount(me: PartyKey | null): number | undefined {
  return useReplicaQuery((r) => (me ? unreadCount(r, me) : Promise.resolve(0)), [me]);
}

export interface OpenMessage {
  message: MessageView | null;
  thread: MessageView[];
}

/** One message by uuid with its thread (parentMessage up, replies down). */
export function useOpenMessage(me: PartyKey | null, uuid: string | null): OpenMessage | undefined {
  const all = useMyMessages(me);
  if (!all) return undefined;
  const message = uuid ? (all.find((m) => m.uuid === uuid || String(m.id) === uuid) ?? null) : null;
  return { message, thread: message ? threadOf(message, all) : [] };
}

/** Sends the server refused: they stay in the outbox (failed) with the reason and what was typed. */
export function useFailedSends(): OutboxRow[] | undefined {
  return useReplicaQuery(failedSends, []);
}
