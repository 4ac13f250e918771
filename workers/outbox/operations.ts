/**
 * The replicated mutations the outbox may push, by name: the GraphQL document of each, with the
 * field aliased `result` and selecting the PushResult. Later issues add their areas' mutations here
 * (sendMessage, readMessage, saveReview, ...). Every document takes $clientMutationId.
 */
import { MESSAGE_OPERATIONS } from './operations-messages';

const RESULT = '{ success reason conflict }';

export const OPERATIONS = {
  saveSyncProbe: `mutation SaveSyncProbe($clientMutationId: ID!, $uuid: ID!, $body: String!, $baseRevision: Int) {
    result: saveSyncProbe(clientMutationId: $clientMutationId, uuid: $uuid, body: $body, baseRevision: $baseRevision) ${RESULT}
  }`,
  bumpSyncProbe: `mutation BumpSyncProbe($clientMutationId: ID!, $uuid: ID!, $delta: Int!) {
    result: bumpSyncProbe(clientMutationId: $clientMutationId, uuid: $uuid, delta: $delta) ${RESULT}
  }`,
  deleteSyncProbe: `mutation DeleteSyncProbe($clientMutationId: ID!, $uuid: ID!, $baseRevision: Int) {
    result: deleteSyncProbe(clientMutationId: $clientMutationId, uuid: $uuid, baseRevision: $baseRevision) ${RESULT}
  }`,
  ...MESSAGE_OPERATIONS,
} as const satisfies Record<string, string>;

export type OperationName = keyof typeof OPERATIONS;

export function isOperationName(op: string): op is OperationName {
  return Object.hasOwn(OPERATIONS, op);
}
