import type { Queryable } from '../db/db';
import { run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { composeIssue } from '../../src/domain/messages/compose-input';
import { isMessageReasonKey, type MessageReasonKey } from '../../src/domain/messages/reasons';
import { ok, refuse as refuseCode, type WriteOutcome } from '../sync/writes';
import { UUID_PATTERN } from '../../src/domain/sync/uuid-v7';
import { mayMessage, viewerParty, type Party } from './reach';
import { sanitizeBody } from './sanitize';
import { findMessage, isRecipient, isSender, messageKey, type MessageRow } from './store';

/** Kind of files that are message attachments (02 §9). */
export const ATTACHMENT_FILE_KIND = 13;

/** Refusals answer the reason code; the client translates it (Dutch lives in the locale files only). */
const refuse = (key: MessageReasonKey): WriteOutcome => refuseCode(key);
const accepted: WriteOutcome = ok();

export interface SendArgs {
  uuid: string;
  subject?: unknown;
  body?: unknown;
  recipient?: unknown;
  parentMessageId?: unknown;
  attachmentIds?: unknown;
}

export interface SentMessage {
  id: number;
  recipient: Party;
}

/**
 * sendMessage: validates with the client's schema, checks who may write to whom, links the uploaded
 * attachments, sanitises the body and inserts, all in the caller's transaction. Nothing is written
 * unless every check passes. `onSent` learns the new message (for the web push after commit).
 */
export async function sendMessage(tx: Queryable, viewer: Viewer, args: SendArgs, onSent?: (m: SentMessage) => void): Promise<WriteOutcome> {
  const parsed = composeIssue({
    subject: args.subject,
    body: args.body,
    recipient: args.recipient,
    parentMessageId: args.parentMessageId,
    attachmentIds: args.attachmentIds ?? [],
  });
  if (!parsed.ok) return refuse(isMessageReasonKey(parsed.key) ? parsed.key : 'messages.errors.recipientRequired');
  const input = parsed.value;
  const uuid = String(args.uuid).toLowerCase();
  if (!UUID_PATTERN.test(uuid)) return refuse('messages.errors.invalidId');

  // The same message delivered under another client mutation id: it is there already.
  const { rows: same } = await tx.query<MessageRow>('SELECT * FROM messages WHERE uuid = $1', [uuid]);
  if (same[0]) return same[0].company_id === viewer.companyId && isSender(viewer, same[0]) ? accepted : refuse('messages.errors.invalidId');

  const r = input.recipient!;
  const recipient: Party = r.userId != null ? { userId: r.userId } : { participantId: r.participantId! };
  if (!(await mayMessage(tx, viewer, recipient))) return refuse('messages.errors.recipientNotAllowed');

  let parent: MessageRow | null = null;
  if (input.parentMessageId != null) {
    parent = await findMessage(tx, viewer, input.parentMessageId);
    if (!parent) return refuse('messages.errors.parentNotFound');
  }

  const attachmentIds = [...new Set(input.attachmentIds.map((a) => a.toLowerCase()))];
  let attachments: { id: number; uuid: string; name: string; mime: string; size: number }[] = [];
  if (attachmentIds.length > 0) {
    const { rows } = await run<{ id: number; uuid: string; name: string; mime: string; size: number }>(
      tx,
      sql`SELECT id, uuid::text AS uuid, name, mime, size FROM files
           WHERE uuid = ANY(${attachmentIds}::uuid[]) AND company_id = ${viewer.companyId} AND user_id = ${viewer.userId}
             AND kind = ${ATTACHMENT_FILE_KIND} AND message_id IS NULL AND instrument_id IS NULL AND deleted_at IS NULL FOR UPDATE`,
    );
    if (rows.length !== attachmentIds.length) return refuse('messages.errors.attachmentNotFound');
    attachments = rows.map((f) => ({ ...f, id: Number(f.id), size: Number(f.size) }));
  }

  const me = viewerParty(viewer);
  const participantId =
    'participantId' in recipient ? recipient.participantId : 'participantId' in me ? me.participantId : (parent?.participant_id ?? null);
  const meta = attachments.map(({ uuid: u, name, mime, size }) => ({ uuid: u, name, mime, size }));
  const { rows: inserted } = await tx.query<{ id: number }>(
    `INSERT INTO messages (uuid, client_uuid, company_id, sender_user_id, sender_participant_id, recipient_user_id,
        recipient_participant_id, participant_id, parent_message_id, subject, body, attachments)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      uuid,
      viewer.companyId,
      'userId' in me ? me.userId : null,
      'participantId' in me ? me.participantId : null,
      'userId' in recipient ? recipient.userId : null,
      'participantId' in recipient ? recipient.participantId : null,
      participantId,
      parent ? Number(parent.id) : null,
      input.subject,
      sanitizeBody(input.body),
      JSON.stringify(meta),
    ],
  );
  const id = Number(inserted[0]!.id);
  if (attachments.length > 0) {
    await tx.query('UPDATE files SET message_id = $1 WHERE id = ANY($2::bigint[])', [id, attachments.map((a) => a.id)]);
  }
  onSent?.({ id, recipient });
  return accepted;
}

/** readMessage / unreadMessage: only the recipient marks read; marking what already is answers success. */
export async function setRead(tx: Queryable, viewer: Viewer, idOrUuid: unknown, read: boolean): Promise<WriteOutcome> {
  if (typeof idOrUuid !== 'string' && typeof idOrUuid !== 'number') return refuse('messages.errors.invalidId');
  const m = await findMessage(tx, viewer, idOrUuid, true);
  if (!m || !isRecipient(viewer, m)) return refuse('messages.errors.notFound');
  if (m.read !== read) {
    await tx.query(`UPDATE messages SET read = $2, read_at = ${read ? 'now()' : 'NULL'} WHERE id = $1`, [m.id, read]);
  }
  return accepted;
}

/**
 * archiveMessage: several at once (01 §4). The recipient's copy gets display false, the sender's
 * Verzonden copy sender_display false. Every id must be the viewer's, or nothing changes.
 */
export async function archive(tx: Queryable, viewer: Viewer, ids: unknown): Promise<WriteOutcome> {
  const list = Array.isArray(ids) ? ids.map((x) => (typeof x === 'string' || typeof x === 'number' ? messageKey(x) : null)) : null;
  if (!list || list.length === 0 || list.length > 500 || list.some((k) => k === null)) return refuse('messages.errors.invalidId');
  const rows: MessageRow[] = [];
  for (const key of list) {
    const m = await findMessage(tx, viewer, key!.value, true);
    if (!m) return refuse('messages.errors.notFound');
    rows.push(m);
  }
  for (const m of rows) {
    const toMe = isRecipient(viewer, m);
    const fromMe = isSender(viewer, m);
    if (toMe && m.display) await tx.query('UPDATE messages SET display = false WHERE id = $1', [m.id]);
    if (fromMe && m.sender_display) await tx.query('UPDATE messages SET sender_display = false WHERE id = $1', [m.id]);
  }
  return accepted;
}
