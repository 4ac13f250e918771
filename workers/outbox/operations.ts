/**
 * The replicated mutations the outbox may push, by name, with their GraphQL argument types. The
 * push builds one mutation document for a batch of rows from these (fields run in order, as GraphQL
 * executes mutation fields serially), so rows keep their order and each keeps its own answer.
 * Later issues add their areas' mutations here (sendMessage, readMessage, saveReview, ...).
 */
import { MESSAGE_OPERATIONS } from './operations-messages';

export interface OperationDef {
  /** Argument name → GraphQL type, without clientMutationId. */
  args: Readonly<Record<string, string>>;
  /** clientMutationId is a top-level argument (default), or a field of this input-object argument. */
  clientMutationIdIn?: string;
  /** The selection of the answer; must give success and reason (and conflict when it can conflict). */
  selection?: string;
}

export const PUSH_SELECTION = '{ success reason conflict }';

export const OPERATIONS = {
  saveSyncProbe: { args: { uuid: 'ID!', body: 'String!', baseRevision: 'Int' } },
  bumpSyncProbe: { args: { uuid: 'ID!', delta: 'Int!' } },
  deleteSyncProbe: { args: { uuid: 'ID!', baseRevision: 'Int' } },
  ...MESSAGE_OPERATIONS,
} as const satisfies Record<string, OperationDef>;

export type OperationName = keyof typeof OPERATIONS;

export function isOperationName(op: string): op is OperationName {
  return Object.hasOwn(OPERATIONS, op);
}

export interface PushItem {
  op: string;
  args: Record<string, unknown>;
  clientMutationId: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One mutation document for several outbox rows: field `r<i>` answers row i. */
export function pushDocument(items: readonly PushItem[]): { query: string; variables: Record<string, unknown> } {
  const defs: string[] = [];
  const fields: string[] = [];
  const variables: Record<string, unknown> = {};
  items.forEach((item, i) => {
    if (!isOperationName(item.op) || !NAME.test(item.op)) throw new Error(`Unknown outbox operation ${item.op}`);
    const def: OperationDef = OPERATIONS[item.op];
    const args: string[] = [];
    for (const [name, type] of Object.entries(def.args)) {
      const v = `r${i}_${name}`;
      defs.push(`$${v}: ${type}`);
      args.push(`${name}: $${v}`);
      const value = item.args[name] ?? null;
      variables[v] =
        def.clientMutationIdIn === name && value && typeof value === 'object'
          ? { ...(value as Record<string, unknown>), clientMutationId: item.clientMutationId }
          : value;
    }
    if (!def.clientMutationIdIn) {
      defs.push(`$r${i}_clientMutationId: ID!`);
      args.push(`clientMutationId: $r${i}_clientMutationId`);
      variables[`r${i}_clientMutationId`] = item.clientMutationId;
    }
    fields.push(`r${i}: ${item.op}(${args.join(', ')}) ${def.selection ?? PUSH_SELECTION}`);
  });
  return { query: `mutation Push(${defs.join(', ')}) {\n${fields.join('\n')}\n}`, variables };
}
