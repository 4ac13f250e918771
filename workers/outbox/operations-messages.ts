/**
 * The messages area's replicated mutations (issue 5). Each document aliases its field `result` and
 * selects the PushResult; the outbox sends the row's args plus $clientMutationId as variables. The
 * optimistic patches are built by the caller (src/domain/messages/optimistic.ts) and passed with
 * outbox.enqueue; archiveMessage carries several ids in one row, so it is ONE request.
 */
const RESULT = '{ success reason conflict }';

export const MESSAGE_OPERATIONS = {
  sendMessage: `mutation SendMessage($clientMutationId: ID!, $uuid: ID!, $subject: String, $body: String,
      $recipient: MessageRecipientInput, $parentMessageId: ID, $attachmentIds: [ID!]) {
    result: sendMessage(input: { clientMutationId: $clientMutationId, uuid: $uuid, subject: $subject, body: $body,
      recipient: $recipient, parentMessageId: $parentMessageId, attachmentIds: $attachmentIds }) ${RESULT}
  }`,
  readMessage: `mutation ReadMessage($clientMutationId: ID!, $id: ID!) {
    result: readMessage(clientMutationId: $clientMutationId, id: $id) ${RESULT}
  }`,
  unreadMessage: `mutation UnreadMessage($clientMutationId: ID!, $id: ID!) {
    result: unreadMessage(clientMutationId: $clientMutationId, id: $id) ${RESULT}
  }`,
  archiveMessage: `mutation ArchiveMessage($clientMutationId: ID!, $ids: [ID!]!) {
    result: archiveMessage(clientMutationId: $clientMutationId, ids: $ids) ${RESULT}
  }`,
} as const satisfies Record<string, string>;
