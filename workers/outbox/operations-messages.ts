import type { OperationDef } from './operations';

/**
 * The messages area's replicated mutations (issue 5), registered in ./operations.ts. The optimistic
 * patches are built by the caller (src/domain/messages/optimistic.ts) and passed with
 * outbox.enqueue; archiveMessage carries several ids in one row, so it is ONE mutation field.
 * sendMessage takes an input object that carries its clientMutationId.
 */
export const MESSAGE_OPERATIONS = {
  sendMessage: { args: { input: 'SendMessageInput!' }, clientMutationIdIn: 'input' },
  readMessage: { args: { id: 'ID!' } },
  unreadMessage: { args: { id: 'ID!' } },
  archiveMessage: { args: { ids: '[ID!]!' } },
} as const satisfies Record<string, OperationDef>;
