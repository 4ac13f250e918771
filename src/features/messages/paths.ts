import type { MessageTab } from '../../domain/messages/views';

/**
 * Where the message screens live: `/berichten` (staff and the standard portal: a route per tab, the
 * open message and compose in the query string) or the newer portal's `/…/my-messages` (the
 * message in the path, compose at `/compose`).
 */
export interface MessagePaths {
  tab(tab: MessageTab, page?: number): string;
  open(uuid: string, tab: MessageTab): string;
  compose(replyTo?: string): string;
}

const query = (params: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '' && v !== 1) as [string, string | number][];
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

export const berichtenPaths: MessagePaths = {
  tab: (tab, page) => `/berichten${tab === 'inbox' ? '' : `/${tab}`}${query({ page })}`,
  open: (uuid, tab) => `/berichten${tab === 'inbox' ? '' : `/${tab}`}${query({ open: uuid })}`,
  compose: (replyTo) => `/berichten${query({ compose: 'new', reply: replyTo })}`,
};

export function portalPaths(base: '/participant-portal/my-messages' | '/my-messages'): MessagePaths {
  return {
    tab: (tab, page) => `${base}${query({ tab: tab === 'inbox' ? undefined : tab, page })}`,
    open: (uuid, tab) => `${base}/${uuid}${query({ tab: tab === 'inbox' ? undefined : tab })}`,
    compose: (replyTo) => `${base}/compose${query({ reply: replyTo })}`,
  };
}
