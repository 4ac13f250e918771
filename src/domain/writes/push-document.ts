/**
 * The mutation document of one push: several outbox rows in ONE request, field `r<i>` answering
 * row i. GraphQL runs mutation fields one after another, so rows keep their order and each keeps
 * its own answer. Every declared write takes one argument, `input: <Mutation>Input!`, which carries
 * the write's input plus clientMutationId, baseRevision and baseValues (server/sync/writes.ts).
 */
import { inputTypeName } from './define';
import { BODY_LIMIT_BYTES } from '../sync/push-failures';

export interface PushItem {
  mutation: string;
  input: unknown;
  clientMutationId: string;
  /** The revision of the document the change was based on (edit, upsert, delete). */
  baseRevision?: number | null;
  /** The edited fields' values in that revision: what the server compares per field. */
  baseValues?: Record<string, unknown> | null;
  /** The identity the row was made under (row-identity.ts): the server refuses it from another. */
  identity?: string | null;
  /** The version of the write the row was made with (src/domain/sync/write-checks.ts). */
  writeVersion?: number;
}

export const PUSH_SELECTION = '{ success reason params revision conflict }';

/**
 * The most rows one push request carries. The server's alias limit (server/graph/yoga.ts) is this
 * number: a larger request would be refused whole, and the rows would then go one by one.
 */
export const PUSH_BATCH_MAX = 30;

/**
 * The server's limit on a request body (BODY_LIMIT_BYTES, src/domain/sync/push-failures.ts): a row
 * whose request would be larger is refused before it is queued (workers/outbox/outbox.ts), and a
 * batch stays under it (workers/outbox/push.ts).
 */
export const REQUEST_BODY_LIMIT_BYTES = BODY_LIMIT_BYTES;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function pushDocument(items: readonly PushItem[]): { query: string; variables: Record<string, unknown> } {
  const defs: string[] = [];
  const fields: string[] = [];
  const variables: Record<string, unknown> = {};
  items.forEach((item, i) => {
    if (!NAME.test(item.mutation)) throw new Error(`Not a mutation name: ${item.mutation}`);
    defs.push(`$r${i}: ${inputTypeName(item.mutation)}!`);
    fields.push(`r${i}: ${item.mutation}(input: $r${i}) ${PUSH_SELECTION}`);
    const input = item.input && typeof item.input === 'object' && !Array.isArray(item.input) ? (item.input as Record<string, unknown>) : {};
    variables[`r${i}`] = {
      ...input,
      clientMutationId: item.clientMutationId,
      baseRevision: item.baseRevision ?? null,
      baseValues: item.baseValues ?? null,
      ...(item.identity ? { identity: item.identity } : {}),
      ...(item.writeVersion !== undefined ? { writeVersion: item.writeVersion } : {}),
    };
  });
  return { query: `mutation Push(${defs.join(', ')}) {\n${fields.join('\n')}\n}`, variables };
}
