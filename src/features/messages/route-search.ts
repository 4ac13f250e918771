import { MESSAGE_TABS, type MessageTab } from '../../domain/messages/views';

/** The query string of the message routes: page, the open message, compose / reply, and (portal) tab. */
export interface MessagesSearch {
  page?: number;
  open?: string;
  compose?: string;
  reply?: string;
  tab?: MessageTab;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseMessagesSearch(raw: Record<string, unknown>): MessagesSearch {
  const out: MessagesSearch = {};
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  if (typeof raw.open === 'string' && UUID.test(raw.open)) out.open = raw.open;
  if (typeof raw.reply === 'string' && UUID.test(raw.reply)) out.reply = raw.reply;
  if (raw.compose !== undefined) out.compose = 'new';
  if (typeof raw.tab === 'string' && (MESSAGE_TABS as readonly string[]).includes(raw.tab)) out.tab = raw.tab as MessageTab;
  return out;
}

export const isMessageUuid = (value: string | undefined): value is string => typeof value === 'string' && UUID.test(value);
