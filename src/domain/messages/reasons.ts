/**
 * The reason codes of the messages area: i18n keys under `messages.errors` (nl.json, en.json hold
 * the texts; the spec's Dutch texts live there only). The valibot schemas use them as their messages,
 * the server answers them as `reason`, the client translates them.
 */
export const MESSAGE_REASON_KEYS = [
  'messages.errors.subjectRequired',
  'messages.errors.bodyRequired',
  'messages.errors.recipientRequired',
  'messages.errors.subjectTooLong',
  'messages.errors.bodyTooLong',
  'messages.errors.tooManyAttachments',
  'messages.errors.recipientNotAllowed',
  'messages.errors.parentNotFound',
  'messages.errors.attachmentNotFound',
  'messages.errors.notFound',
  'messages.errors.invalidId',
  'messages.errors.fileTooLarge',
  'messages.errors.fileTypeNotAllowed',
  'messages.errors.fileMissing',
  'messages.errors.fileEmpty',
  'messages.errors.forbidden',
] as const;

export type MessageReasonKey = (typeof MESSAGE_REASON_KEYS)[number];

export function isMessageReasonKey(key: string): key is MessageReasonKey {
  return (MESSAGE_REASON_KEYS as readonly string[]).includes(key);
}

/** The key of a reason the server answered, for translating it (null: not a messages reason). */
export function reasonKeyOf(reason: string | null | undefined): MessageReasonKey | null {
  return reason && isMessageReasonKey(reason) ? reason : null;
}
