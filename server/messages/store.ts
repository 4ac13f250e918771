import type { Db, Queryable } from '../db/db';
import { onPrimary, unrouted } from '../db/routed';
import { messageCountCacheOf } from './count-cache';
import { join, raw, run, sql, type SqlFragment } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { messagesScope } from '../auth/scope';
import { viewerParty } from './reach';
import { pageClause, type Page, type PageArgs } from '../graph/paginated';
import type { AttachmentMeta } from '../../src/domain/messages/attachments';

/** A message row with the names of both parties (005_messages.sql). */
export interface MessageRow {
  id: number;
  uuid: string;
  company_id: number;
  sender_user_id: number | null;
  sender_participant_id: number | null;
  recipient_user_id: number | null;
  recipient_participant_id: number | null;
  participant_id: number | null;
  parent_message_id: number | null;
  subject: string;
  body: string;
  read: boolean;
  read_at: Date | null;
  display: boolean;
  sender_display: boolean;
  sender_name: string;
  recipient_name: string;
  attachments: AttachmentMeta[];
  created_at: Date;
  sender_given_name: string | null;
  sender_surname: string | null;
  recipient_given_name: string | null;
  recipient_surname: string | null;
}

export type MessageTab = 'inbox' | 'sent' | 'archived';

const SELECT = raw(`SELECT m.*,
    coalesce(su.given_name, su.initials, sp.firstname) AS sender_given_name,
    coalesce(su.surname, trim(concat_ws(' ', nullif(sp.prefix, ''), sp.lastname))) AS sender_surname,
    coalesce(ru.given_name, ru.initials, rp.firstname) AS recipient_given_name,
    coalesce(ru.surname, trim(concat_ws(' ', nullif(rp.prefix, ''), rp.lastname))) AS recipient_surname
  FROM messages m
  LEFT JOIN users su ON su.id = m.sender_user_id
  LEFT JOIN participants sp ON sp.id = m.sender_participant_id
  LEFT JOIN users ru ON ru.id = m.recipient_user_id
  LEFT JOIN participants rp ON rp.id = m.recipient_participant_id`);

/** "m is to me" / "m is from me" for the viewer's party. */
export function toMe(viewer: Viewer, alias = 'm'): SqlFragment {
  const p = viewerParty(viewer);
  return 'userId' in p ? sql`${raw(alias)}.recipient_user_id = ${p.userId}` : sql`${raw(alias)}.recipient_participant_id = ${p.participantId}`;
}
export function fromMe(viewer: Viewer, alias = 'm'): SqlFragment {
  const p = viewerParty(viewer);
  return 'userId' in p ? sql`${raw(alias)}.sender_user_id = ${p.userId}` : sql`${raw(alias)}.sender_participant_id = ${p.participantId}`;
}

function tabFilter(viewer: Viewer, tab: MessageTab): SqlFragment {
  switch (tab) {
    case 'inbox':
      return sql`${toMe(viewer)} AND m.display`;
    case 'sent':
      return sql`${fromMe(viewer)} AND m.sender_display`;
    case 'archived':
      return sql`((${toMe(viewer)} AND NOT m.display) OR (${fromMe(viewer)} AND NOT m.sender_display))`;
  }
}

/**
 * How many messages one tab holds (`read` narrows to read or unread ones), from the process's count
 * cache (./count-cache.ts) when `db` is a database handle: the unread badge's question (issue 25).
 * Counted on the primary: a standby that lags could otherwise put an old count in the cache.
 */
export async function countMessages(db: Db | Queryable, viewer: Viewer, args: { tab: MessageTab; read?: boolean | null }): Promise<number> {
  const where = messageFilter(viewer, args);
  const load = async () => {
    const { rows } = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM messages m WHERE ${where}`);
    return Number(rows[0]?.n ?? 0);
  };
  const cache = isDb(db) ? messageCountCacheOf(unrouted(db)) : null;
  if (!cache) return load();
  const p = viewerParty(viewer);
  const key = `${viewer.companyId}:${'userId' in p ? `u${p.userId}` : `p${p.participantId}`}:${args.tab}:${String(args.read ?? '-')}`;
  return onPrimary(() => cache.count(viewer.companyId, key, load));
}

function isDb(db: Db | Queryable): db is Db {
  return typeof (db as Partial<Db>).listen === 'function' && typeof (db as Partial<Db>).writeCount === 'function';
}

function messageFilter(viewer: Viewer, args: { tab: MessageTab; read?: boolean | null }): SqlFragment {
  const where: SqlFragment[] = [sql`m.company_id = ${viewer.companyId}`, raw('m.deleted_at IS NULL'), tabFilter(viewer, args.tab)];
  // As SQL text, not a parameter: a prepared statement's generic plan then still matches the partial unread indexes (009_unread_count_index.sql).
  if (args.read === true) where.push(raw('m.read'));
  else if (args.read === false) where.push(raw('NOT m.read'));
  return join(where, ' AND ');
}

/** A page of one tab, newest first; `read` narrows to read or unread messages. */
export async function listMessages(
  db: Queryable,
  viewer: Viewer,
  args: { tab: MessageTab; read?: boolean | null } & PageArgs,
): Promise<Page<MessageRow>> {
  const where: SqlFragment[] = [messageFilter(viewer, args)];
  // The total is counted on messages alone (the unread count reads the partial unread index) and
  // the page is read newest first from the recipient/sender index, stopping at the page's end: no
  // joins, window count and sort over every matching message (issue 9, the badge's query).
  const filter = join(where, ' AND ');
  const { rows } = await run<MessageRow & { total: number }>(
    db,
    sql`SELECT page.*, (SELECT count(*)::int FROM messages m WHERE ${filter}) AS total
          FROM (${SELECT} WHERE ${filter} ORDER BY m.created_at DESC, m.id DESC${pageClause(args)}) page
         ORDER BY page.created_at DESC, page.id DESC`,
  );
  if (rows.length === 0 && (args.page ?? 1) > 1) {
    const { rows: c } = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM messages m WHERE ${join(where, ' AND ')}`);
    return { totalItems: Number(c[0]?.n ?? 0), records: [] };
  }
  return { totalItems: Number(rows[0]?.total ?? 0), records: rows };
}

/** One message by numeric id or uuid, when the viewer is its sender or recipient. */
export async function findMessage(db: Queryable, viewer: Viewer, idOrUuid: string | number, forUpdate = false): Promise<MessageRow | null> {
  const key = messageKey(idOrUuid);
  if (!key) return null;
  const match = key.kind === 'id' ? sql`m.id = ${key.value}` : sql`m.uuid = ${key.value}::uuid`;
  const { rows } = await run<MessageRow>(
    db,
    forUpdate
      ? sql`SELECT m.* FROM messages m WHERE ${match} AND m.deleted_at IS NULL AND ${messagesScope(viewer, 'm')} FOR UPDATE`
      : sql`${SELECT} WHERE ${match} AND m.deleted_at IS NULL AND ${messagesScope(viewer, 'm')}`,
  );
  return rows[0] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function messageKey(value: string | number): { kind: 'id'; value: number } | { kind: 'uuid'; value: string } | null {
  const text = String(value).trim();
  if (/^\d{1,15}$/.test(text) && Number(text) > 0) return { kind: 'id', value: Number(text) };
  if (UUID.test(text)) return { kind: 'uuid', value: text.toLowerCase() };
  return null;
}

/** Is the viewer the recipient / the sender of this row? */
export function isRecipient(viewer: Viewer, m: Pick<MessageRow, 'recipient_user_id' | 'recipient_participant_id'>): boolean {
  const p = viewerParty(viewer);
  return 'userId' in p ? Number(m.recipient_user_id) === p.userId : Number(m.recipient_participant_id) === p.participantId;
}
export function isSender(viewer: Viewer, m: Pick<MessageRow, 'sender_user_id' | 'sender_participant_id'>): boolean {
  const p = viewerParty(viewer);
  return 'userId' in p ? Number(m.sender_user_id) === p.userId : Number(m.sender_participant_id) === p.participantId;
}
