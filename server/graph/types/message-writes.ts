import { messageWrites } from '../../../src/domain/messages/writes';
import { ok, refuse, registerWrite } from '../../sync/writes';
import { archive, ATTACHMENT_FILE_KIND, sendMessage, setRead } from '../../messages/mutations';
import { fileByUuid, safeName, storeFile } from '../../portal/stored-files';
import { uploadContentProblem } from '../../http/upload-content';
import { checkAttachment } from '../../../src/domain/messages/attachments';
import { notifyRecipient } from '../../messages/push';

/** The message writes (01 §4), declared in src/domain/messages/writes.ts. */
registerWrite(
  messageWrites.send,
  async ({ tx, viewer, input, graph, afterCommit }) =>
    sendMessage(tx, viewer, input, (sent) => {
      // The web push goes out once the message is committed.
      afterCommit(async () => {
        const { rows } = await graph.db.query<{ sender_name: string }>('SELECT sender_name FROM messages WHERE id = $1', [sent.id]);
        void notifyRecipient(graph.db, graph.config, viewer.companyId, sent.recipient, {
          uuid: input.uuid,
          subject: input.subject,
          senderName: rows[0]?.sender_name ?? '',
        });
      });
    }),
  { description: 'Sends a message (body HTML, sanitised by the server); the uuid is made by the client.' },
);

registerWrite(messageWrites.read, ({ tx, viewer, input }) => setRead(tx, viewer, input.id, true), {
  description: 'Marks a received message read (the unread counter drops by one).',
});

registerWrite(messageWrites.unread, ({ tx, viewer, input }) => setRead(tx, viewer, input.id, false), {
  description: 'Marks a received message unread.',
});

registerWrite(messageWrites.archive, ({ tx, viewer, input }) => archive(tx, viewer, input.ids), {
  description: "Archives several messages at once (display false); every id must be the viewer's, or nothing changes.",
});

/**
 * addMessageAttachment (declared write with a file: docs/writes.md, "Files"): an attachment of a message
 * being written, queued offline with its bytes and sent (multipart) before the message that names it.
 * The bytes are checked by content; the file belongs to the uploader until a message takes it.
 */
registerWrite(
  messageWrites.addAttachment,
  async ({ tx, viewer, input, graph }) => {
    const existing = await fileByUuid(tx, input.uuid);
    if (existing) {
      const same = Number(existing.company_id) === viewer.companyId && Number(existing.user_id) === viewer.userId && Number(existing.kind) === ATTACHMENT_FILE_KIND;
      return same ? ok() : refuse('messages.errors.attachmentNotFound');
    }
    const file = graph.upload;
    if (!file) return refuse('messages.errors.fileMissing');
    const check = checkAttachment({ name: input.name, size: file.size });
    if (!check.ok) return refuse(check.reason);
    const named = new File([file], input.name);
    if (await uploadContentProblem(named)) return refuse('messages.errors.fileTypeNotAllowed');
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length === 0 || bytes.length !== file.size) return refuse('messages.errors.fileEmpty');
    await storeFile(tx, graph.config.dataDir, viewer, { uuid: input.uuid, kind: ATTACHMENT_FILE_KIND, name: safeName(input.name, 'bijlage'), mime: check.mime, bytes, participantId: null });
    return ok();
  },
  { description: 'An attachment of a message being written (multipart: the `file` part); the message names it by uuid.' },
);
