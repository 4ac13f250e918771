import { Dexie } from 'dexie';
import { useReplicaQuery } from '../../lib/replica/hooks';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import { unconfirmedArchives } from './archive-memory';
import {
  pendingArchives,
  tabPage,
  threadOf,
  toView,
  unreadCount,
  withOverlay,
  type MessageTab,
  type MessageView,
  type PartyKey,
  type TabPage,
} from '../../domain/messages/views';

/**
 * The viewer's messages from the replica (inbox range by recipient, Verzonden range by sender, both
 * on their [key+createdAt] indexes), with archive rows still in the outbox laid over them.
 */
async function myMessages(r: ReplicaReader, me: PartyKey): Promise<MessageView[]> {
  const table = r.docs('messages');
  const range = (index: string) => table.where(index).between([me, Dexie.minKey], [me, Dexie.maxKey]).toArray();
  const [received, sent, outbox] = await Promise.all([
    range('[recipientKey+createdAt]'),
    range('[senderKey+createdAt]'),
    r.outbox.toArray(),
  ]);
  const byUuid = new Map<string, MessageView>();
  for (const d of [...received, ...sent]) if (!d._deleted) byUuid.set(d.uuid, toView(d));
  const overlay = pendingArchives(outbox);
  const refused = pendingArchives(outbox.filter((row) => row.status === 'failed').map((row) => ({ ...row, status: 'pending' as const })));
  const archivedForMe = (uuid: string) => {
    const m = byUuid.get(uuid);
    return !m || ((m.recipientKey === me ? !m.display : true) && (m.senderKey === me ? !m.senderDisplay : true));
  };
  for (const uuid of unconfirmedArchives(archivedForMe, refused)) overlay.add(uuid);
  return withOverlay([...byUuid.values()], me, overlay);
}

export function useMyMessages(me: PartyKey | null): MessageView[] | undefined {
  return useReplicaQuery((r) => (me ? myMessages(r, me) : Promise.resolve([])), [me]);
}

export function useTabPage(me: PartyKey | null, tab: MessageTab, page: number): TabPage | undefined {
  const all = useMyMessages(me);
  return all && me ? tabPage(all, me, tab, page) : undefined;
}

/** The unread counter (menu badge, tab label): read false, display true, the viewer the recipient. */
export function useUnreadCount(me: PartyKey | null): number | undefined {
  return useReplicaQuery(async (r) => (me ? unreadCount(await myMessages(r, me), me) : 0), [me]);
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
  return useReplicaQuery(
    async (r) => (await r.outbox.where('status').equals('failed').toArray()).filter((row) => row.op === 'messages.send'),
    [],
  );
}
