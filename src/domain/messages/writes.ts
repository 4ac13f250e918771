/**
 * The messages area's writes (01 §4), declared once: the screens call
 * `syncApi().messages.send(input, extra)`, the worker checks the input and applies the optimistic
 * change, the server registers the same names (server/graph/types/message-writes.ts).
 * archive carries several ids in ONE write (one request); it changes no single document, so the
 * inbox hides the archived ones through the overlay of views.ts until the pull confirms them.
 */
import * as v from 'valibot';
import { defineWrite } from '../writes/define';
import { UUID_PATTERN } from '../sync/uuid-v7';
import { ATTACHMENT_MAX_BYTES, type AttachmentMeta } from './attachments';
import { ComposeSchema } from './compose-input';

const messageUuid = v.pipe(v.string(), v.regex(UUID_PATTERN, 'messages.errors.invalidId'));
/** A message by uuid or numeric id (other clients may know only the id), as text. */
const messageRef = v.pipe(
  v.union(
    [messageUuid, v.pipe(v.string(), v.regex(/^\d{1,15}$/)), v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))],
    'messages.errors.invalidId',
  ),
  v.transform(String),
);

export const SendMessageSchema = v.object({ ...ComposeSchema.entries, uuid: messageUuid });

/** What the sender's screen shows of a message it just wrote, before the server has it. */
export interface SendExtra {
  me: { userId: number; participantId: number | null; name: string };
  recipientName: string;
  attachments: AttachmentMeta[];
}

const readWrite = (mutation: 'readMessage' | 'unreadMessage', read: boolean) =>
  defineWrite({
    mutation,
    input: v.object({ id: messageRef }),
    document: { collection: 'messages', target: (i) => i.id, mode: 'edit' },
    patch: (_i, ctx) => ({ read, readAt: read ? ctx.now : null }),
    displayOnly: ['readAt'],
  });

/** An attachment of a message being written: its client-made uuid (the message names it) and file name. */
export const AddAttachmentSchema = v.object({
  uuid: messageUuid,
  name: v.pipe(v.string('messages.errors.fileMissing'), v.trim(), v.minLength(1, 'messages.errors.fileMissing'), v.maxLength(255, 'messages.errors.fileMissing')),
});

export const messageWrites = {
  /**
   * An attachment, queued with its file before the message that names it (docs/writes.md, "Files"):
   * the outbox sends in order, so the file is on the server when sendMessage runs.
   */
  addAttachment: defineWrite({
    mutation: 'addMessageAttachment',
    input: AddAttachmentSchema,
    file: { maxBytes: ATTACHMENT_MAX_BYTES, tooLarge: 'messages.errors.fileTooLarge', empty: 'messages.errors.fileEmpty', deviceFull: 'messages.errors.deviceFull' },
  }),
  send: defineWrite<typeof SendMessageSchema, SendExtra>({
    mutation: 'sendMessage',
    input: SendMessageSchema,
    document: { collection: 'messages', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => {
      const r = i.recipient!;
      const asParticipant = ctx.me.participantId !== null;
      return {
        uuid: i.uuid,
        subject: i.subject,
        body: i.body,
        senderUserId: asParticipant ? null : ctx.me.userId,
        senderParticipantId: asParticipant ? ctx.me.participantId : null,
        recipientUserId: r.userId ?? null,
        recipientParticipantId: r.participantId ?? null,
        senderName: ctx.me.name,
        recipientName: ctx.recipientName,
        parentMessageId: i.parentMessageId ?? null,
        participantId: asParticipant ? ctx.me.participantId : (r.participantId ?? null),
        attachments: ctx.attachments,
        read: false,
        readAt: null,
        display: true,
        senderDisplay: true,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
    },
  }),
  read: readWrite('readMessage', true),
  unread: readWrite('unreadMessage', false),
  archive: defineWrite({
    mutation: 'archiveMessage',
    input: v.object({ ids: v.pipe(v.array(messageRef), v.minLength(1, 'messages.errors.invalidId'), v.maxLength(500, 'messages.errors.invalidId')) }),
  }),
};

export type SendMessageInput = v.InferInput<typeof SendMessageSchema>;

/** The input of a queued send (a refused message opened again for editing). */
export function sendInputOf(args: Record<string, unknown>): Partial<Record<keyof SendMessageInput, unknown>> {
  return args;
}
