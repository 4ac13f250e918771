/**
 * The messages screens' replica reads (the hooks in use-messages.ts wrap them in liveQuery; the
 * benchmark times exactly these). Each reads only the index range it needs: the inbox and the
 * unread count read the viewer's received range, Verzonden the sent range, and none of them reads
 * the outbox's rows: archive rows still in the outbox are found by their keys on the status index
 * (keys only) and read once per row (their op and ids never change).
 */
import { Dexie } from 'dexie';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../domain/sync/types';
import {
  toView,
  withOverlay,
  type MessageTab,
  type MessageView,
  type PartyKey,
  type TabPage,
} from '../../domain/messages/views';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { hasRememberedArchives, isRememberedArchive, unconfirmedArchives } from './archive-memory';

const RECEIVED = '[recipientKey+createdAt]';
const SENT = '[senderKey+createdAt]';
/**
 * The recipient's key on messages that are unread and shown, absent on all others
 * (src/domain/sync/collections.ts, replica version 2), so the badge is one index key list.
 */
const UNREAD_INDEX = 'unreadKey';
/** The received / sent messages shown to the viewer, by creation time (replica version 2). */
const INBOX_INDEX = '[inboxKey+createdAt]';
const SENT_INDEX = '[sentKey+createdAt]';

function range(r: ReplicaReader, index: string, me: PartyKey) {
  return r.docs('messages').where(index).between([me, Dexie.minKey], [me, Dexie.maxKey]);
}

/** `<replica>:<row key>` → the ids an archive row archives, null for other rows (a row never changes op or args). */
const archiveIdsByRow = new Map<string, readonly string[] | null>();

export interface ArchiveOverlay {
  /** Archived by rows waiting to be sent (pending or sending). */
  pending: Set<string>;
  /** Archived by rows the server refused (failed). */
  refused: Set<string>;
}

/**
 * The messages archived by outbox rows not yet confirmed: the status index's keys (no values), and
 * only rows not seen before are read. A queue of 1,000 other writes costs three key lists.
 */
export async function archiveOverlay(r: ReplicaReader): Promise<ArchiveOverlay> {
  const byStatus = r.outbox.where('status');
  const [pending, sending, failed] = await Promise.all([
    byStatus.equals('pending').primaryKeys(),
    byStatus.equals('sending').primaryKeys(),
    byStatus.equals('failed').primaryKeys(),
  ]);
  const db = r.dexie.name;
  const unseen = [...pending, ...sending, ...failed].filter((key) => !archiveIdsByRow.has(`${db}:${key}`));
  if (unseen.length > 0) {
    const rows = await r.outbox.bulkGet(unseen);
    rows.forEach((row: OutboxRow | undefined, i) => {
      const key = unseen[i];
      if (key === undefined || !row) return;
      const ids = row.op === 'messages.archive' && Array.isArray(row.args.ids) ? row.args.ids.map(String) : null;
      archiveIdsByRow.set(`${db}:${key}`, ids);
    });
  }
  const collect = (keys: readonly string[]) => {
    const out = new Set<string>();
    for (const key of keys) for (const id of archiveIdsByRow.get(`${db}:${key}`) ?? []) out.add(id);
    return out;
  };
  if (archiveIdsByRow.size > 10_000) {
    const live = new Set([...pending, ...sending, ...failed].map((key) => `${db}:${key}`));
    for (const key of archiveIdsByRow.keys()) if (!live.has(key)) archiveIdsByRow.delete(key);
  }
  return { pending: collect([...pending, ...sending]), refused: collect(failed) };
}

/** Pending archives plus those this tab sent that the replica does not show yet (archive-memory.ts). */
function archivedSet(overlay: ArchiveOverlay, viewOf: (uuid: string) => MessageView | undefined, me: PartyKey): Set<string> {
  const archivedForMe = (uuid: string) => {
    const m = viewOf(uuid);
    return !m || ((m.recipientKey === me ? !m.display : true) && (m.senderKey === me ? !m.senderDisplay : true));
  };
  const out = new Set(overlay.pending);
  for (const uuid of unconfirmedArchives(archivedForMe, overlay.refused)) out.add(uuid);
  return out;
}

function views(docs: readonly ReplicaDocument[], into = new Map<string, MessageView>()): Map<string, MessageView> {
  for (const d of docs) if (!d._deleted) into.set(d.uuid, toView(d));
  return into;
}

/** Every message of the viewer (received and sent), with the archive overlay: threads and replies. */
export async function myMessages(r: ReplicaReader, me: PartyKey): Promise<MessageView[]> {
  const [received, sent, overlay] = await Promise.all([range(r, RECEIVED, me).toArray(), range(r, SENT, me).toArray(), archiveOverlay(r)]);
  const byUuid = views(sent, views(received));
  return withOverlay([...byUuid.values()], me, archivedSet(overlay, (uuid) => byUuid.get(uuid), me));
}

const newestFirst = (a: ReplicaDocument, b: ReplicaDocument) => {
  const ca = String(a.createdAt);
  const cb = String(b.createdAt);
  return ca < cb ? 1 : ca > cb ? -1 : a.uuid < b.uuid ? 1 : -1;
};

/**
 * One page of a tab: the inbox reads the received range, Verzonden the sent range, the archive
 * both. Documents are filtered as they come (in index order: newest first once reversed) and only
 * the page's messages become views; the same answer as tabPage over every view (tested).
 */
export async function tabPageOf(r: ReplicaReader, me: PartyKey, tab: MessageTab, page: number, perPage = 15): Promise<TabPage> {
  if (tab !== 'archived') {
    const byIndex = await tabPageByIndex(r, me, tab, page, perPage);
    if (byIndex) return byIndex;
  }
  const [received, sent, overlay] = await Promise.all([
    tab === 'sent' ? Promise.resolve([]) : range(r, RECEIVED, me).toArray(),
    tab === 'inbox' ? Promise.resolve([]) : range(r, SENT, me).toArray(),
    archiveOverlay(r),
  ]);
  const raw = new Map<string, ReplicaDocument>();
  for (const d of [...received, ...sent]) if (!d._deleted) raw.set(d.uuid, d);
  const archived = archivedSet(overlay, (uuid) => {
    const d = raw.get(uuid);
    return d ? toView(d) : undefined;
  }, me);
  const hit = (d: ReplicaDocument) => archived.has(d.uuid) || (d.id !== null && d.id !== undefined && archived.has(String(d.id)));
  const shownToMe = (d: ReplicaDocument) => d.display !== false && !hit(d);
  const shownFromMe = (d: ReplicaDocument) => d.senderDisplay !== false && !hit(d);
  let all: ReplicaDocument[];
  if (tab === 'inbox') all = received.filter((d) => !d._deleted && shownToMe(d)).reverse();
  else if (tab === 'sent') all = sent.filter((d) => !d._deleted && shownFromMe(d)).reverse();
  else {
    const seen = new Map<string, ReplicaDocument>();
    for (const d of received) if (!d._deleted && !shownToMe(d)) seen.set(d.uuid, d);
    for (const d of sent) if (!d._deleted && !shownFromMe(d)) seen.set(d.uuid, d);
    all = [...seen.values()].sort(newestFirst);
  }
  const size = perPage <= 0 ? Math.max(1, all.length) : perPage;
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const records = withOverlay(all.slice((current - 1) * size, current * size).map(toView), me, archived);
  return { totalItems: all.length, records, page: current, pageCount };
}

/**
 * The inbox or Verzonden page straight from its index ([inboxKey+createdAt] holds exactly the
 * received shown messages, [sentKey+createdAt] the sent shown ones): the total is the range's count
 * and only the page's documents are read, newest first. Null when an archive waits in the outbox or
 * in this tab's memory (the page must then leave those out: the overlay path of tabPageOf).
 */
async function tabPageByIndex(r: ReplicaReader, me: PartyKey, tab: 'inbox' | 'sent', page: number, perPage: number): Promise<TabPage | null> {
  const table = r.docs('messages');
  const index = tab === 'inbox' ? INBOX_INDEX : SENT_INDEX;
  if (!table.schema.idxByName[index]) return null;
  const range = () => table.where(index).between([me, Dexie.minKey], [me, Dexie.maxKey]);
  const [overlay, total] = await Promise.all([archiveOverlay(r), range().count()]);
  if (overlay.pending.size > 0 || hasRememberedArchives()) return null;
  const size = perPage <= 0 ? Math.max(1, total) : perPage;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const docs = await range().reverse().offset((current - 1) * size).limit(size).toArray();
  return { totalItems: total, records: docs.filter((d) => !d._deleted).map(toView), page: current, pageCount };
}

const isUnreadShown = (d: ReplicaDocument) => d.read === false && d.display !== false && !d._deleted;

/**
 * The unread counter (badge, tab label): received, unread, shown, and not archived by a row still
 * in the outbox. The unread index holds exactly the received unread shown messages, so the count
 * is its keys (no values); only when archives wait in the outbox or in this tab's memory are the
 * few unread documents read, to match their ids. Replicas without the index (before the upgrade)
 * filter the received range.
 */
export async function unreadCount(r: ReplicaReader, me: PartyKey): Promise<number> {
  const table = r.docs('messages');
  const hasIndex = table.schema.indexes.some((index) => index.name === UNREAD_INDEX);
  if (hasIndex) {
    // Nothing to match against (no archive queued or remembered): the index's count, no keys.
    const [count, early] = await Promise.all([table.where(UNREAD_INDEX).equals(me).count(), archiveOverlay(r)]);
    if (early.pending.size === 0 && !hasRememberedArchives()) return count;
    const [keys, overlay] = await Promise.all([table.where(UNREAD_INDEX).equals(me).primaryKeys(), archiveOverlay(r)]);
    const remembered = keys.some((uuid) => isRememberedArchive(uuid));
    if (overlay.pending.size === 0 && !remembered) return keys.length;
  }
  const [unread, overlay] = await Promise.all([
    // Plain range reads filtered here (a Dexie .filter() reads every value all the same).
    hasIndex ? table.where(UNREAD_INDEX).equals(me).toArray() : range(r, RECEIVED, me).toArray(),
    archiveOverlay(r),
  ]);
  const archived = (d: ReplicaDocument) =>
    overlay.pending.has(d.uuid) ||
    (typeof d.id === 'number' && overlay.pending.has(String(d.id))) ||
    (isRememberedArchive(d.uuid) && !overlay.refused.has(d.uuid));
  return unread.filter((d) => isUnreadShown(d) && !archived(d)).length;
}

/** Sends the server refused: they stay in the outbox (failed) with the reason and what was typed. */
export async function failedSends(r: ReplicaReader): Promise<OutboxRow[]> {
  return (await r.outbox.where('status').equals('failed').toArray()).filter((row) => row.op === 'messages.send');
}
