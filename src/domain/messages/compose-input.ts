import * as v from 'valibot';
import { MAX_ATTACHMENTS } from './attachments';
import { textToHtml } from './body-format';

/**
 * One schema per input, three uses (STYLE.md): the compose form (valibotResolver), the worker before
 * queueing, and the server's sendMessage. Messages are i18n keys (./reasons.ts).
 */
export const SUBJECT_MAX = 255;
export const BODY_MAX = 20_000;

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/))]),
  v.transform((x) => Number(x)),
  v.number(),
  v.integer(),
  v.minValue(1),
);

/** Exactly one of a participant or a user. */
export const RecipientSchema = v.pipe(
  v.object({
    participantId: v.nullish(id),
    userId: v.nullish(id),
  }),
  v.check((r) => (r.participantId == null) !== (r.userId == null), 'messages.errors.recipientRequired'),
);
export type Recipient = v.InferOutput<typeof RecipientSchema>;

const body = v.pipe(
  v.string('messages.errors.bodyRequired'),
  v.check((b) => plainText(b).trim().length > 0, 'messages.errors.bodyRequired'),
  v.maxLength(BODY_MAX, 'messages.errors.bodyTooLong'),
);

const fields = {
  subject: v.pipe(
    v.string('messages.errors.subjectRequired'),
    v.trim(),
    v.nonEmpty('messages.errors.subjectRequired'),
    v.maxLength(SUBJECT_MAX, 'messages.errors.subjectTooLong'),
  ),
  recipient: v.pipe(v.nullish(RecipientSchema), v.check((r) => r != null, 'messages.errors.recipientRequired')),
  parentMessageId: v.nullish(id),
  attachmentIds: v.optional(v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.maxLength(MAX_ATTACHMENTS, 'messages.errors.tooManyAttachments')), []),
};

/** sendMessage's input: the body is HTML (the server sanitises it). */
export const ComposeSchema = v.object({ ...fields, body });

/**
 * The compose form: the body is typed as plain text and becomes HTML (escaped, paragraphs, links)
 * before the same checks, so a typed `<img …>` is text with content, not an empty tag.
 */
export const ComposeFormSchema = v.object({ ...fields, body: v.pipe(v.string('messages.errors.bodyRequired'), v.transform(textToHtml), body) });

export type ComposeInput = v.InferInput<typeof ComposeSchema>;
export type ComposeOutput = v.InferOutput<typeof ComposeSchema>;

/** The text of a body without tags (is anything written?). */
export function plainText(body: string): string {
  return body.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
}

/** The first issue's message key, or null when the input is valid. */
export function composeIssue(input: unknown): { ok: true; value: ComposeOutput } | { ok: false; key: string } {
  const result = v.safeParse(ComposeSchema, input);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, key: result.issues[0]?.message ?? 'messages.errors.recipientRequired' };
}
