/**
 * What the message screens show, from the replica's documents and the outbox (pure, no Dexie):
 * which tab a message is in for the viewer, with archive rows still in the outbox applied on top
 * (archiveMessage carries several messages in one outbox row, so it overlays here instead of
 * patching one document), the unread count, threads, and the pending / failed marks.
 */
import type { ReplicaDocument } from '../sync/types';
import type { OutboxRow } from '../sync/outbox-machine';
import type { AttachmentMeta } from './attachments';

export type MessageTab = 'inbox' | 'sent' | 'archived';
export const MESSAGE_TABS: readonly MessageTab[] = ['inbox', 'sent', 'archived'];

/** The viewer as a message party: `u:<userId>` for staff, `p:<participantId>` for a participant. */
export type PartyKey = `u:${number}` | `p:${number}`;

export function partyKeyOf(user: { id: number; participantId: number | null; roleId: number }): PartyKey {
  return user.participantId !== null && user.roleId === 2 ? `p:${user.participantId}` : `u:${user.id}`;
}

export interface MessageView {
  uuid: string;
  id: number | null;
  subject: string;
  body: string;
  senderKey: string | null;
  recipientKey: string | null;
  senderName: string;
  recipientName: string;
  read: boolean;
  display: boolean;
  senderDisplay: boolean;
  parentMessageId: number | null;
  participantId: number | null;
  attachments: AttachmentMeta[];
  createdAt: string;
  /** Written or changed here and not yet confirmed by the server ("Wacht op verzenden"). */
  pending: boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

const key = (userId: unknown, participantId: unknown): string | null =>
  num(userId) !== null ? `u:${num(userId)}` : num(participantId) !== null ? `p:${num(participantId)}` : null;

export function toView(doc: ReplicaDocument): MessageView {
  return {
    uuid: doc.uuid,
    id: num(doc.id),
    subject: str(doc.subject),
    body: str(doc.body),
    senderKey: key(doc.senderUserId, doc.senderParticipantId),
    recipientKey: key(doc.recipientUserId, doc.recipientParticipantId),
    senderName: str(doc.senderName),
    recipientName: str(doc.recipientName),
    read: doc.read === true,
    display: doc.display !== false,
    senderDisplay: doc.senderDisplay !== false,
    parentMessageId: num(doc.parentMessageId),
    participantId: num(doc.participantId),
    attachments: Array.isArray(doc.attachments) ? (doc.attachments as AttachmentMeta[]) : [],
    createdAt: str(doc.createdAt),
    pending: doc._pending === true,
  };
}

const ACTIVE = new Set(['pending', 'sending']);

/** Message keys (uuid or numeric id as text) archived by outbox rows not yet confirmed. */
export function pendingArchives(rows: readonly OutboxRow[]): Set<string> {
  const out = new Set<string>();
  for (const r of rows) {
    if (r.op !== 'messages.archive' || !ACTIVE.has(r.status)) continue;
    const ids = r.args.ids;
    if (Array.isArray(ids)) for (const x of ids) out.add(String(x));
  }
  return out;
}

/** The messages with pending archive rows applied for this viewer. */
export function withOverlay(messages: readonly MessageView[], me: PartyKey, archived: ReadonlySet<string>): MessageView[] {
  if (archived.size === 0) return [...messages];
  return messages.map((m) => {
    if (!archived.has(m.uuid) && !(m.id !== null && archived.has(String(m.id)))) return m;
    return {
      ...m,
      display: m.recipientKey === me ? false : m.display,
      senderDisplay: m.senderKey === me ? false : m.senderDisplay,
      pending: true,
    };
  });
}

export function inTab(m: MessageView, me: PartyKey, tab: MessageTab): boolean {
  switch (tab) {
    case 'inbox':
      return m.recipientKey === me && m.display;
    case 'sent':
      return m.senderKey === me && m.senderDisplay;
    case 'archived':
      return (m.recipientKey === me && !m.display) || (m.senderKey === me && !m.senderDisplay);
  }
}

const newestFirst = (a: MessageView, b: MessageView) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.uuid < b.uuid ? 1 : -1);

export interface TabPage {
  totalItems: number;
  records: MessageView[];
  page: number;
  pageCount: number;
}

/** One page of a tab, newest first (page size 15, 01 §9; 0 = all). */
export function tabPage(messages: readonly MessageView[], me: PartyKey, tab: MessageTab, page: number, perPage = 15): TabPage {
  const all = messages.filter((m) => inTab(m, me, tab)).sort(newestFirst);
  const size = perPage <= 0 ? Math.max(1, all.length) : perPage;
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return { totalItems: all.length, records: all.slice((current - 1) * size, current * size), page: current, pageCount };
}

/** Unread messages for the badge: read false, display true, the viewer the recipient. */
export function unreadCount(messages: readonly MessageView[], me: PartyKey): number {
  return messages.filter((m) => m.recipientKey === me && m.display && !m.read).length;
}

/** The thread of a message: its ancestors through parentMessage, oldest first, then the message, then replies. */
export function threadOf(target: MessageView, all: readonly MessageView[]): MessageView[] {
  const byId = new Map<number, MessageView>();
  for (const m of all) if (m.id !== null) byId.set(m.id, m);
  const chain: MessageView[] = [];
  const seen = new Set<string>([target.uuid]);
  let parentId = target.parentMessageId;
  while (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent || seen.has(parent.uuid)) break;
    seen.add(parent.uuid);
    chain.unshift(parent);
    parentId = parent.parentMessageId;
  }
  const replies: MessageView[] = [];
  let frontier = target.id !== null ? [target.id] : [];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const m of all) {
      if (m.parentMessageId !== null && frontier.includes(m.parentMessageId) && !seen.has(m.uuid)) {
        seen.add(m.uuid);
        replies.push(m);
        if (m.id !== null) next.push(m.id);
      }
    }
    frontier = next;
  }
  return [...chain, target, ...replies.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))];
}

/** The other party of a message for the viewer: whom a reply goes to. */
export function replyTarget(m: MessageView, me: PartyKey): { key: string; name: string } | null {
  if (m.senderKey === me) return m.recipientKey ? { key: m.recipientKey, name: m.recipientName } : null;
  return m.senderKey ? { key: m.senderKey, name: m.senderName } : null;
}

/** `u:3` → {userId: 3}; `p:7` → {participantId: 7}. */
export function recipientOfKey(k: string): { userId: number } | { participantId: number } | null {
  const match = /^([up]):(\d+)$/.exec(k);
  if (!match) return null;
  return match[1] === 'u' ? { userId: Number(match[2]) } : { participantId: Number(match[2]) };
}
