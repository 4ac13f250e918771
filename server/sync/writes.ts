/**
 * Server registration of declared writes (src/domain/writes/define.ts). One call per write:
 *
 *   registerWrite(messageWrites.send, async ({ tx, viewer, input, current }) => { ...; return ok(); });
 *
 * builds the GraphQL mutation `<name>(input: <Name>Input!): PushResult` from the descriptor (the
 * input type from its valibot schema, plus clientMutationId, baseRevision and baseValues) and wraps
 * the effect with what every write needs, so an effect is a single function and never does these
 * by hand (the way Actual Budget wraps handlers at registration):
 *   - exactly once: the client mutation id is claimed in the effect's transaction; a replay answers
 *     the stored answer (withClientMutation); ids older than the retention window are refused;
 *   - one transaction per pushed request: when every field of a mutation request is a declared write
 *     (the worker's batch, `r0`, `r1`, ...), they all run in ONE transaction, each in a savepoint of
 *     its own (useWriteBatches); a refusal or a throw rolls back only its own savepoint;
 *   - the same schema parses the input (a rejection names the field and the rule's reason code);
 *   - the target document is locked in the viewer's scope and handed to the effect (`current`);
 *   - per-field merge: a change based on an older revision is a conflict only for the fields
 *     changed on both sides since the common base; other server changes merge silently;
 *   - the audit row (actor, the whole on-behalf-of chain, write, object, result);
 *   - the answer carries the document's new revision, so later queued rows rebase onto it;
 *   - order within a request: after a write threw (deadlock, dropped connection), the writes
 *     behind it in the same request answer `not_attempted` instead of running out of order.
 */
import * as v from 'valibot';
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { builder } from '../graph/builder';
import type { GraphContext } from '../graph/context';
import { PushResult } from '../graph/types/sync-push-result';
import type { Queryable, Row } from '../db/db';
import { raw, run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { audit } from '../auth/audit';
import { inputTypeName, INVALID_INPUT, writeVersion, type Write } from '../../src/domain/writes/define';
import { acceptsWriteVersion, UPGRADE_REQUIRED } from '../../src/domain/sync/write-checks';
import { NOT_ATTEMPTED } from '../../src/domain/sync/outbox-machine';
import { IDENTITY_MISMATCH, rowIdentityKey } from '../../src/domain/sync/row-identity';
import { CONFLICT_REASON, type PushAnswer, type ReplicaDocument } from '../../src/domain/sync/types';
import { uuidv7, UUID_PATTERN } from '../../src/domain/sync/uuid-v7';
import { readClaims, withClientMutation, type ClaimRow } from './client-mutation';
import { serverCollection } from './registry';
import { rowToDocument } from './document';
import { objectEntries, objectInput } from './valibot-graphql';
import { sameValue } from '../../src/domain/sync/same-value';
import { DOCUMENT_DELETED, INTERNAL_ERROR, isTransientFailure } from '../../src/domain/sync/push-failures';
import { reportError } from '../sentry';

export type WriteOutcome = { success: true } | { success: false; reason: string; params?: Record<string, unknown> };

export const ok = (): WriteOutcome => ({ success: true });
export const refuse = (reason: string, params?: Record<string, unknown>): WriteOutcome =>
  params ? { success: false, reason, params } : { success: false, reason };

export interface WriteContext<Input> {
  tx: Queryable;
  viewer: Viewer;
  /** The input parsed with the write's schema (transforms applied), after the per-field merge with `current`. */
  input: Input;
  /**
   * The input as sent (parsed, before the merge): what a write that changes several documents applies
   * to the documents other than `current` (the merge kept server values of `current` only).
   */
  sent: Input;
  clientMutationId: string;
  /** The target row (snake_case columns), locked FOR UPDATE, when the write names a document in the viewer's scope. */
  current: Row | null;
  graph: GraphContext;
  /** Runs after the transaction committed (a web push, a mail): never inside it. */
  afterCommit: (fn: () => Promise<void> | void) => void;
}

export type WriteEffect<Input> = (ctx: WriteContext<Input>) => Promise<WriteOutcome>;


/** Requests in which a write threw: the writes behind it answer not_attempted (order kept). */
const aborted = new WeakSet<object>();

/**
 * Per request, the documents (`collection:uuid`) of writes that answered INTERNAL_ERROR: later writes
 * of the same document in that request answer not_attempted (they wait behind it); others run.
 */
const erroredDocuments = new WeakMap<object, Set<string>>();

/** The mutation names of the declared writes (registerWrite): requests of only these run as one batch. */
const declaredWrites = new Set<string>();

/** One pushed request's transaction, shared by its writes (useWriteBatches). */
interface WriteBatch {
  tx: Queryable;
  /** The claims of the request's client mutation ids, read once when the batch started. */
  claims: Map<string, ClaimRow | null>;
  /** afterCommit functions of the accepted writes: run once the batch committed. */
  after: (() => Promise<void> | void)[];
}

/** The open batch of a request, by its GraphQL context. */
const batches = new WeakMap<object, WriteBatch>();

async function runAfterCommit(after: readonly (() => Promise<void> | void)[]): Promise<void> {
  for (const fn of after) await Promise.resolve().then(fn).catch(() => undefined);
}

/**
 * Runs `execute` (a GraphQL execution whose fields are declared writes) in ONE transaction; each
 * write runs in a savepoint of its own (withClientMutation). Before committing it checks that the
 * transaction is still usable: a COMMIT of a failed transaction quietly rolls back, which would undo
 * writes already answered. When the transaction does not commit, none of its writes happened: every
 * field answers an error (transient: the client sends them again), never the answers it computed.
 */
export async function runWriteBatch(
  graph: GraphContext,
  fields: readonly string[],
  execute: () => Promise<ExecutionResult>,
  clientMutationIds: readonly string[] = [],
): Promise<ExecutionResult> {
  if (!graph.viewer) return execute();
  let after: (() => Promise<void> | void)[] = [];
  try {
    const result = await graph.db.transaction(async (tx) => {
      const batch: WriteBatch = { tx, after: [], claims: await readClaims(tx, clientMutationIds) };
      batches.set(graph, batch);
      try {
        const executed = await execute();
        await tx.query('SELECT 1');
        after = batch.after;
        return executed;
      } finally {
        batches.delete(graph);
      }
    });
    await runAfterCommit(after);
    return result;
  } catch {
    const message = 'The writes of this request were not applied; send them again.';
    return {
      data: Object.fromEntries(fields.map((f) => [f, null])),
      errors: fields.map((f) => new GraphQLError(message, { path: [f], extensions: { code: 'WRITE_BATCH_FAILED' } })),
    };
  }
}

/** The client mutation ids a request's variables carry (`{ r0: { clientMutationId, ... }, ... }`, as the worker sends them). */
export function clientMutationIdsIn(variables: unknown): string[] {
  if (!variables || typeof variables !== 'object') return [];
  const ids: string[] = [];
  for (const value of Object.values(variables as Record<string, unknown>)) {
    const id = value && typeof value === 'object' ? (value as { clientMutationId?: unknown }).clientMutationId : undefined;
    if (typeof id === 'string') ids.push(id);
  }
  return ids;
}

/** The response names of the operation's root fields when it is a mutation of declared writes only, else null. */
export function writeBatchFields(document: DocumentNode, operationName?: string | null): string[] | null {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation || String(operation.operation) !== 'mutation') return null;
  const fields: string[] = [];
  for (const selection of operation.selectionSet.selections) {
    // Fields only (a fragment could hide anything): read structurally, the AST's kind is a plain string.
    const field = selection as { kind: string; name?: { value: string }; alias?: { value: string } };
    if (field.kind !== 'Field' || !field.name || !declaredWrites.has(field.name.value)) return null;
    fields.push(field.alias?.value ?? field.name.value);
  }
  return fields.length > 0 ? fields : null;
}

/**
 * The Yoga plugin that runs a request of declared writes only (the worker's pushed batch) in one
 * transaction (runWriteBatch). A request that mixes in other mutations runs each write on its own.
 */
export function useWriteBatches(): Plugin<GraphContext> {
  return {
    onExecute({ args, setExecuteFn, executeFn }) {
      const fields = writeBatchFields(args.document as DocumentNode, args.operationName as string | null | undefined);
      if (!fields) return;
      setExecuteFn((execArgs) =>
        runWriteBatch(
          execArgs.contextValue as GraphContext,
          fields,
          async () => (await executeFn(execArgs)) as ExecutionResult,
          clientMutationIdsIn(execArgs.variableValues),
        ),
      );
    },
  };
}

const EXTRA_FIELDS = {
  clientMutationId: { type: 'ID', description: 'UUID v7 made by the client; a replay answers the first answer. Made by the server when left out.' },
  baseRevision: { type: 'Int', description: 'The revision of the document the change was based on.' },
  baseValues: { type: 'JSON', description: 'The edited fields as they were in that revision: changed on both sides means conflict.' },
  writeVersion: { type: 'Int', description: 'The version of the write the row was made with: the current and the previous one are taken, others are refused with upgrade_required.' },
  identity: {
    type: 'String',
    description: 'Who the write was made under (company:realUser>impersonated...): refused with identity_mismatch, nothing written, when the session is someone else.',
  },
};

/**
 * The fields changed on both sides since the common base: mine differs from the base, and the
 * server's value differs from the base and from mine.
 */
export function conflictingFields(server: Record<string, unknown>, base: Record<string, unknown>, mine: Record<string, unknown>): string[] {
  return Object.keys(base).filter((f) => !sameValue(mine[f], base[f]) && !sameValue(server[f], base[f]) && !sameValue(server[f], mine[f]));
}

/**
 * The fields only the server changed since the common base (mine still equals the base): the write
 * carries them as the user saw them, so they take the server's value instead of overwriting it.
 */
export function serverOnlyFields(server: Record<string, unknown>, base: Record<string, unknown>, mine: Record<string, unknown>): string[] {
  return Object.keys(base).filter((f) => Object.hasOwn(mine, f) && sameValue(mine[f], base[f]) && !sameValue(server[f], base[f]));
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

async function lockTarget(tx: Queryable, viewer: Viewer, write: Write, target: string): Promise<Row | null> {
  const doc = write.document!;
  const collection = serverCollection(doc.collection);
  const key = UUID_PATTERN.test(target) ? sql`t.uuid = ${target.toLowerCase()}` : /^\d{1,15}$/.test(target) ? sql`t.id = ${Number(target)}` : null;
  if (!key) return null;
  const { rows } = await run<Row>(
    tx,
    sql`SELECT t.* FROM ${raw(collection.table)} t
         WHERE ${key} AND ${collection.tenancy(viewer, 't')} AND ${collection.scope(viewer, 't')}
         FOR UPDATE OF t`,
  );
  return rows[0] ?? null;
}

async function revisionOf(tx: Queryable, write: Write, current: Row | null, target: string): Promise<number | null> {
  const collection = serverCollection(write.document!.collection);
  const key = current ? sql`id = ${Number(current.id)}` : UUID_PATTERN.test(target) ? sql`uuid = ${target.toLowerCase()}` : null;
  if (!key) return null;
  const { rows } = await run<{ revision: number }>(tx, sql`SELECT revision FROM ${raw(collection.table)} WHERE ${key}`);
  return rows[0] ? Number(rows[0].revision) : null;
}

/** The first issue as a rejection: the rule's reason code (an i18n key) and the field it is about. */
function issueOf(issues: readonly v.BaseIssue<unknown>[]): PushAnswer {
  const first = issues[0];
  const field = (first?.path ?? []).map((p) => String(p.key)).join('.');
  const reason = first?.message && /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/.test(first.message) ? first.message : INVALID_INPUT;
  return { success: false, reason, params: field ? { field } : null, conflict: null };
}

/** Runs one write the way every write runs (see the top of this file). Exported for tests and other entry points. */
export async function runWrite<S extends v.GenericSchema>(
  graph: GraphContext,
  write: Write<S, object>,
  effect: WriteEffect<v.InferOutput<S>>,
  rawInput: Record<string, unknown>,
): Promise<PushAnswer> {
  if (aborted.has(graph)) return { success: false, reason: NOT_ATTEMPTED, conflict: null };
  const { clientMutationId: givenId, baseRevision, baseValues, identity: madeUnder, writeVersion: sentVersion, ...given } = rawInput;
  // A row of a write version this server does not take (issue 37): refused before anything is written
  // (no claim), so the updated app can send it again under the same id; the previous version is migrated.
  const version = writeVersion(write);
  if (sentVersion !== undefined && sentVersion !== null && (typeof sentVersion !== 'number' || !acceptsWriteVersion(version, sentVersion))) {
    return { success: false, reason: UPGRADE_REQUIRED, params: { version }, conflict: null };
  }
  const input = typeof sentVersion === 'number' && sentVersion < version && write.migrate ? write.migrate(sentVersion, given) : given;
  const clientMutationId = typeof givenId === 'string' && givenId ? givenId.toLowerCase() : uuidv7();
  // No expiry by the time inside the id: the client's clock made it (the server's clock decides, see
  // client-mutation.ts); a row never sent can be sent whatever its age.
  const viewer = graph.viewer;
  if (!viewer) return { success: false, reason: 'no_current_user', conflict: null };
  // A row made under another identity (user or impersonation chain) never runs as this one: refused
  // before anything is written (no claim, so its own identity can still send it under this id).
  if (madeUnder !== undefined && madeUnder !== null && madeUnder !== rowIdentityKey({ companyId: viewer.companyId, realUserId: viewer.realUserId, chain: viewer.chain })) {
    return { success: false, reason: IDENTITY_MISMATCH, conflict: null };
  }
  const after: (() => Promise<void> | void)[] = [];
  /** This run's own answer: the answer is this object only when this run's effect is the one that stayed. */
  let computed: PushAnswer | null = null;
  const parsed = v.safeParse(write.input, input);
  const documentKey = parsed.success && write.document ? `${write.document.collection}:${write.document.target(parsed.output).toLowerCase()}` : null;
  if (documentKey && erroredDocuments.get(graph)?.has(documentKey)) return { success: false, reason: NOT_ATTEMPTED, conflict: null };
  const apply = async (tx: Queryable): Promise<PushAnswer> => {
    if (!parsed.success) return issueOf(parsed.issues);
    const doc = write.document;
    const target = doc ? doc.target(parsed.output) : null;
    const current = doc && target ? await lockTarget(tx, viewer, write, target) : null;
    if (doc && !current && (doc.mode === 'edit' || doc.mode === 'delete')) return { success: false, reason: 'not_found', conflict: null };
    // An edit of a document deleted on the server would be "accepted" on a row nobody sees.
    if (doc && current && current.deleted_at != null && doc.mode === 'edit') return { success: false, reason: DOCUMENT_DELETED, conflict: null };
    const base = record(baseValues);
    let input = parsed.output;
    // Compared per field unless the change was based on the revision the server has (a client that has
    // not pulled the document's revision yet still sends the values it saw).
    if (doc && current && base && (typeof baseRevision !== 'number' || Number(current.revision) !== baseRevision) && doc.mode !== 'delete') {
      const collection = serverCollection(doc.collection);
      // The document as this viewer's replica has it (the same field rules as the pull): compared and answered.
      const server = rowToDocument(current, collection.omit, { table: collection.table, viewer });
      let mine: Record<string, unknown> = {};
      try {
        mine = write.patch?.(parsed.output, { now: new Date().toISOString() }) ?? {};
      } catch {
        // A patch that needs display-only values: compare with the base alone.
      }
      const fields = conflictingFields(server, base, mine);
      if (fields.length > 0) return conflictAnswer(server, fields);
      // Edit writes name their input fields after the document fields they set (resolutionArgs).
      const given = record(input);
      const kept = given ? serverOnlyFields(server, base, mine).filter((f) => Object.hasOwn(given, f)) : [];
      if (given && kept.length > 0) input = { ...given, ...Object.fromEntries(kept.map((f) => [f, server[f]])) };
    }
    const result = await effect({ tx, viewer, input, sent: parsed.output, clientMutationId, current, graph, afterCommit: (fn) => after.push(fn) });
    const revision = result.success && doc && target ? await revisionOf(tx, write, current, target) : null;
    computed = result.success ? { success: true, reason: null, revision, conflict: null } : { ...result, conflict: null };
    return computed;
  };
  // The audit row: kept when a refusal rolls the effect back.
  const auditRow = (tx: Queryable, outcome: PushAnswer) =>
    audit(tx, {
      action: `write.${write.mutation}`,
      viewer,
      result: outcome.success ? 'success' : 'refused',
      companyId: viewer.companyId,
      userId: viewer.realUserId,
      onBehalfOfUserId: viewer.userId === viewer.realUserId ? null : viewer.userId,
      subjectType: write.document?.collection ?? null,
      subjectId: parsed.success && write.document ? write.document.target(parsed.output) : null,
      details: { chain: viewer.chain, clientMutationId, success: outcome.success, reason: outcome.reason, ip: graph.ip },
      ip: graph.ip,
    });
  const writeIn = (tx: Queryable, known?: ClaimRow | null) => withClientMutation(tx, viewer, write.mutation, clientMutationId, apply, auditRow, known);
  try {
    const batch = batches.get(graph);
    if (batch) {
      // Read once for the batch; the entry goes, so a second field with the same id reads its own.
      const known = batch.claims.get(clientMutationId);
      batch.claims.delete(clientMutationId);
      const answer = await writeIn(batch.tx, known);
      if (answer.success && answer === computed) batch.after.push(...after);
      return answer;
    }
    const answer = await graph.db.transaction((tx) => writeIn(tx));
    if (answer.success && answer === computed) await runAfterCommit(after);
    return answer;
  } catch (error) {
    // The effect and its claim rolled back together (withClientMutation); nothing of it stayed.
    if (isTransientFailure(error)) {
      // Deadlock, serialization failure, timeout, lost connection: no answer, the client sends it
      // again. The writes behind it wait (not_attempted), so the order is kept.
      aborted.add(graph);
      throw error;
    }
    // Anything else would fail again the same way: an error with a code, answered for this row only
    // and not stored as its id's answer (a retry under the same id runs it again). Later writes of
    // the same document in this request wait behind it; other documents go on.
    reportError(error);
    console.error(`Write ${write.mutation} failed (${clientMutationId}):`, error instanceof Error ? error.message : error);
    if (documentKey) {
      let set = erroredDocuments.get(graph);
      if (!set) erroredDocuments.set(graph, (set = new Set()));
      set.add(documentKey);
    }
    return { success: false, reason: INTERNAL_ERROR, conflict: null };
  }
}

function conflictAnswer(serverDocument: ReplicaDocument, fields: string[]): PushAnswer {
  return { success: false, reason: CONFLICT_REASON, conflict: { serverDocument, fields } };
}

/** Registers a declared write as a GraphQL mutation whose effect is `effect` (see the top of this file). */
export function registerWrite<S extends v.GenericSchema, X extends object>(
  write: Write<S, X>,
  effect: WriteEffect<v.InferOutput<S>>,
  options: { description?: string } = {},
): void {
  const inputType = objectInput(inputTypeName(write.mutation), objectEntries(write.input), EXTRA_FIELDS);
  declaredWrites.add(write.mutation);
  builder.mutationField(write.mutation, (t) =>
    t.field({
      type: PushResult,
      // A write that threw answers null beside its error (transient: the client retries it), while the
      // writes before it in the same request keep their answers.
      nullable: true,
      ...(options.description ? { description: options.description } : {}),
      args: { input: t.arg({ type: inputType, required: true }) },
      resolve: (_root, args, ctx) => runWrite(ctx, write as Write<S, object>, effect, args.input),
    }),
  );
}
