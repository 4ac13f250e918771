/**
 * Declared writes (STYLE.md, "Grow out of: writes described in many places"). Every offline write
 * is ONE descriptor: its GraphQL name, its valibot input schema, the replicated document it changes
 * and the fields it sets there. From the set of descriptors (./registry.ts) come the typed worker API
 * (`syncApi().<area>.<action>(input)`), the worker's check before queueing, the mutation text and
 * variables of a push, and on the server the mutation itself (server/sync/writes.ts registerWrite),
 * which parses with the same schema. Pure: no Dexie, DOM or network here.
 */
import type * as v from 'valibot';
import type { CollectionName } from '../sync/collections';

/**
 * What the write does to its document:
 * - create: the document must not exist yet (its uuid is made by the client);
 * - edit: it must exist; the patch's fields are merged per field with concurrent server changes;
 * - upsert: create when missing, else edit;
 * - delete: the document goes (the optimistic change removes it).
 */
export type DocumentMode = 'create' | 'edit' | 'upsert' | 'delete';

export interface WriteDocument<Out> {
  collection: CollectionName;
  /** The document's uuid, taken from the input. */
  target(input: Out): string;
  mode: DocumentMode;
}

/** Besides the input, what the optimistic change may use: the time, and display-only values the caller passes. */
export type PatchContext<Extra> = { now: string } & Extra;

export interface WriteDef<S extends v.GenericSchema = v.GenericSchema, Extra extends object = object> {
  /** The GraphQL mutation (the spec's name): sendMessage, requestReview, saveWageValueMeasurement. */
  mutation: string;
  /** The input without clientMutationId and baseRevision. Error messages are i18n keys. */
  input: S;
  /** The replicated document this write changes, if any. */
  document?: WriteDocument<v.InferOutput<S>>;
  /**
   * The fields it sets on the document: the optimistic change and, for edit and upsert, the fields
   * the server merges per field (a field changed on both sides since the common base is a conflict).
   * Fields starting with `_` are local only. For delete it may be left out.
   */
  patch?(input: v.InferOutput<S>, ctx: PatchContext<Extra>): Record<string, unknown>;
  /**
   * Fields of the patch that are shown but not edited (display names of an optimistic create, say):
   * never compared for conflicts.
   */
  displayOnly?: readonly string[];
  /**
   * The version of the input (default 1). Raise it when a deploy changes the input in a way the
   * server no longer accepts from the previous version, and give `migrate`: every outbox row records
   * the version it was made with, and after a deploy the worker migrates the queued rows before
   * sending them (workers/outbox/outbox.ts, migrateOutbox).
   */
  version?: number;
  /** The args of a row made with `fromVersion` (below `version`) as the current input takes them. */
  migrate?(fromVersion: number, args: Record<string, unknown>): Record<string, unknown>;
  /**
   * The write carries a file (an upload): queued with `syncApi().outbox.enqueueFile(...)`, its bytes
   * kept in the replica beside the row (table `outboxFiles`) and sent as a multipart request of this
   * row alone (docs/writes.md, "Files").
   */
  file?: WriteFileRule;
}

/** What a write that carries a file accepts, and the reason codes (i18n keys) of its refusals before queueing. */
export interface WriteFileRule {
  /** The most bytes one file may have (checked before queueing, and again by the server). */
  maxBytes: number;
  /** Reason when the file is larger than maxBytes. */
  tooLarge: string;
  /** Reason when the file is empty. */
  empty: string;
  /** Reason when the device has no room left to keep the file until it is sent. */
  deviceFull: string;
}

/** A descriptor with its types kept (input, output, extra) for the typed worker API. */
export type Write<S extends v.GenericSchema = v.GenericSchema, Extra extends object = object> = WriteDef<S, Extra> & {
  readonly __extra?: Extra;
};

export function defineWrite<S extends v.GenericSchema, Extra extends object = object>(def: WriteDef<S, Extra>): Write<S, Extra> {
  return def;
}

/** What the caller passes: the schema's input (before transforms), as JSON travels. */
export type WriteInput<W> = W extends { input: infer S extends v.GenericSchema } ? v.InferInput<S> : never;
export type WriteExtra<W> = W extends { readonly __extra?: infer X } ? X : never;

/** An area's writes: action name → descriptor. */
export type WriteArea = Record<string, Write>;

/** The worker method of one descriptor: validates, queues, applies the optimistic change; answers the clientMutationId. */
export type WriteMethod<W> = keyof WriteExtra<W> extends never
  ? (input: WriteInput<W>) => Promise<string>
  : (input: WriteInput<W>, extra: WriteExtra<W>) => Promise<string>;

export type WriteApi<R extends Record<string, WriteArea>> = {
  [Area in keyof R]: { [Action in keyof R[Area]]: WriteMethod<R[Area][Action]> };
};

/** A descriptor's input version (1 when it declares none). */
export function writeVersion(write: Pick<WriteDef, 'version'>): number {
  return write.version ?? 1;
}

/** The reason given when a write is too large for one request to the server (refused before queueing). */
export const WRITE_TOO_LARGE = 'sync.errors.writeTooLarge';

/** The answer's reason when the input does not fit the schema (worker before queueing, server on receipt). */
export const INVALID_INPUT = 'invalid_input';

/** The GraphQL input type of a write: sendMessage → SendMessageInput. */
export function inputTypeName(mutation: string): string {
  return `${mutation.charAt(0).toUpperCase()}${mutation.slice(1)}Input`;
}
