/**
 * The outbox rows of the message screens: the mutation's args and the optimistic change to the
 * replica, built here once so the screens and their tests agree (the worker applies the patch).
 */
import type { EnqueueInput } from '../sync/api-contract';
import type { AttachmentMeta } from './attachments';
import type { ComposeOutput } from './compose-input';

export interface SendDraft {
  uuid: string;
  value: ComposeOutput;
  me: { userId: number; participantId: number | null; name: string };
  recipientName: string;
  attachments: AttachmentMeta[];
  now: Date;
}

/** The SendMessageInput of a sendMessage outbox row (the worker adds clientMutationId to it). */
export function sendInputOf(args: Record<string, unknown>): Record<string, unknown> {
  const input = args.input;
  return input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
}

export function sendRow(d: SendDraft): EnqueueInput {
  const r = d.value.recipient!;
  const asParticipant = d.me.participantId !== null;
  return {
    op: 'sendMessage',
    args: {
      input: {
        uuid: d.uuid,
        subject: d.value.subject,
        body: d.value.body,
        recipient: r.userId != null ? { userId: String(r.userId) } : { participantId: String(r.participantId) },
        parentMessageId: d.value.parentMessageId == null ? null : String(d.value.parentMessageId),
        attachmentIds: d.value.attachmentIds,
      },
    },
    optimistic: {
      collection: 'messages',
      target: d.uuid,
      patch: {
        uuid: d.uuid,
        subject: d.value.subject,
        body: d.value.body,
        senderUserId: asParticipant ? null : d.me.userId,
        senderParticipantId: asParticipant ? d.me.participantId : null,
        recipientUserId: r.userId ?? null,
        recipientParticipantId: r.participantId ?? null,
        senderName: d.me.name,
        recipientName: d.recipientName,
        parentMessageId: d.value.parentMessageId ?? null,
        participantId: asParticipant ? d.me.participantId : (r.participantId ?? null),
        attachments: d.attachments,
        read: false,
        readAt: null,
        display: true,
        senderDisplay: true,
        createdAt: d.now.toISOString(),
        updatedAt: d.now.toISOString(),
      },
    },
  };
}

export function readRow(uuid: string, read: boolean, now: Date): EnqueueInput {
  return {
    op: read ? 'readMessage' : 'unreadMessage',
    args: { id: uuid },
    optimistic: { collection: 'messages', target: uuid, patch: { read, readAt: read ? now.toISOString() : null } },
  };
}

/** Several messages in ONE row (one request); shown through the overlay of views.ts. */
export function archiveRow(uuids: readonly string[]): EnqueueInput {
  return { op: 'archiveMessage', args: { ids: [...uuids] } };
}
