import { graphRequest } from '../../lib/api/client';
import type { MessageView, PartyKey } from '../../domain/messages/views';

export interface RecipientChoice {
  /** `u:<id>` or `p:<id>` */
  key: string;
  name: string;
  kind: 'user' | 'participant';
}

const QUERY = `query MessageRecipients($search: String!) { messageRecipients(search: $search, limit: 20) { type id name } }`;

/** Online: whom the server says the viewer may write to. */
export async function searchRecipients(search: string, signal: AbortSignal): Promise<RecipientChoice[]> {
  const data = await graphRequest<{ messageRecipients: { type: 'user' | 'participant'; id: string; name: string }[] }>(
    QUERY,
    { search },
    { signal, catalogue: false },
  );
  return data.messageRecipients.map((r) => ({ key: `${r.type === 'user' ? 'u' : 'p'}:${r.id}`, name: r.name, kind: r.type }));
}

/** Offline: the people the viewer exchanged messages with, from the replica. */
export function correspondents(messages: readonly MessageView[], me: PartyKey, search: string): RecipientChoice[] {
  const seen = new Map<string, RecipientChoice>();
  for (const m of messages) {
    const other = m.senderKey === me ? { key: m.recipientKey, name: m.recipientName } : { key: m.senderKey, name: m.senderName };
    if (!other.key || other.key === me || seen.has(other.key)) continue;
    seen.set(other.key, { key: other.key, name: other.name, kind: other.key.startsWith('u:') ? 'user' : 'participant' });
  }
  const q = search.trim().toLowerCase();
  return [...seen.values()].filter((c) => c.name.toLowerCase().includes(q)).sort((a, b) => a.name.localeCompare(b.name, 'nl')).slice(0, 20);
}
