import { messageWrites } from '../../../src/domain/messages/writes';
import { registerWrite } from '../../sync/writes';
import { archive, sendMessage, setRead } from '../../messages/mutations';
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
