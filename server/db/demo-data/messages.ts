import { type SeedContext, base } from './context';
import { messageBodies, messageSubjects, replyBodies } from './dutch';
import { insertRow } from './insert';
import { isoTime } from './prng';

/** A sender or recipient: a staff user or a participant. */
export type Party = { userId: number } | { participantId: number };

export interface ThreadRequest {
  a: Party;
  b: Party;
  /** The participant the thread is about. */
  participantId: number;
  /** Number of messages, alternating a → b, b → a, ... */
  length: number;
  /** Leave the last message unread. */
  lastUnread: boolean;
  /** Days ago the thread started. */
  startedDaysAgo: number;
  subject?: string;
  /** The recipient archived the first message. */
  archivedFirst?: boolean;
}

function columns(prefix: 'sender' | 'recipient', p: Party): Record<string, number | null> {
  return 'userId' in p
    ? { [`${prefix}_user_id`]: p.userId, [`${prefix}_participant_id`]: null }
    : { [`${prefix}_user_id`]: null, [`${prefix}_participant_id`]: p.participantId };
}

/** Writes message threads; every reply points at the message it answers (parent_message_id). */
export async function seedMessages(ctx: SeedContext, threads: readonly ThreadRequest[]): Promise<number> {
  const { tx, rng, now } = ctx;
  let count = 0;
  for (const t of threads) {
    const subject = t.subject ?? rng.pick(messageSubjects);
    let parent: number | null = null;
    for (let i = 0; i < t.length; i++) {
      const fromA = i % 2 === 0;
      const sentDaysAgo = Math.max(0.01, t.startedDaysAgo - i * (t.startedDaysAgo / Math.max(1, t.length)));
      const isLast = i === t.length - 1;
      const read = !(isLast && t.lastUnread);
      const id: number = await insertRow(tx, 'messages', {
        ...base(ctx),
        ...columns('sender', fromA ? t.a : t.b),
        ...columns('recipient', fromA ? t.b : t.a),
        participant_id: t.participantId,
        parent_message_id: parent,
        subject: i === 0 ? subject : `Re: ${subject}`,
        body: i === 0 ? rng.pick(messageBodies) : rng.pick(fromA ? messageBodies : replyBodies),
        read,
        read_at: read ? isoTime(Math.min(0, -sentDaysAgo + 0.1), now) : null,
        display: !(i === 0 && t.archivedFirst === true),
        created_at: isoTime(-sentDaysAgo, now),
      });
      parent = id;
      count++;
    }
  }
  return count;
}
