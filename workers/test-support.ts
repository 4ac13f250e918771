import type { GraphOutcome, GraphTransport } from './graph-client';
import type { BlockingErrorCode, PushAnswer } from '../src/domain/sync/types';
import { openReplica, type Replica } from './replica/db';

let counter = 0;
/** A fresh replica in fake-indexeddb (tests import 'fake-indexeddb/auto' first). */
export function testReplica(): Replica {
  counter++;
  return openReplica({ companyId: 1, userId: counter }, `werkpad-test-${counter}-${Math.random().toString(36).slice(2)}`);
}

/** A transport answering from a script: each call takes the next outcome for that operation. */
export function scriptedTransport(
  answer: (query: string, variables: Record<string, unknown>) => GraphOutcome<unknown>,
): GraphTransport & { calls: { query: string; variables: Record<string, unknown> }[] } {
  const calls: { query: string; variables: Record<string, unknown> }[] = [];
  const transport = ((query: string, variables: Record<string, unknown>) => {
    calls.push({ query, variables });
    return Promise.resolve(answer(query, variables));
  }) as GraphTransport & { calls: typeof calls };
  transport.calls = calls;
  return transport;
}

/** The address of a fetch input, as the app's `request` takes it. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export interface PushedRow {
  /** The GraphQL mutation (saveSyncProbe, sendMessage, ...). */
  op: string;
  /** Its `input` variable: the write's input plus clientMutationId, baseRevision and baseValues. */
  args: Record<string, unknown>;
}

/**
 * A transport for push tests: answers each row of a batch document (`r<i>: mutation(input: $r<i>)`)
 * from `answer` (null: the field threw, as a transient failure does), or fails the whole request
 * ('network' or a blocking code).
 */
export function pushTransport(
  answer: (row: PushedRow) => PushAnswer | null | { kind: 'network' } | { kind: 'blocked'; code: BlockingErrorCode },
): GraphTransport & { rows: PushedRow[] } {
  const rows: PushedRow[] = [];
  const transport = ((query: string, variables: Record<string, unknown>) => {
    const fields = [...query.matchAll(/\br(\d+): (\w+)\(/g)].map((m) => ({ i: Number(m[1]), op: m[2]! }));
    const batch = fields.map(({ i, op }) => {
      const args = (variables[`r${i}`] ?? {}) as Record<string, unknown>;
      return { i, row: { op, args } };
    });
    const answers = batch.map(({ row }) => answer(row));
    rows.push(...batch.map((b) => b.row));
    const failure = answers.find((a) => a !== null && 'kind' in a);
    if (failure && 'kind' in failure) {
      return Promise.resolve(failure.kind === 'network' ? { kind: 'network', error: 'Failed to fetch' } : failure);
    }
    const data: Record<string, unknown> = {};
    const errors: { message: string; path: string[] }[] = [];
    batch.forEach(({ i }, n) => {
      data[`r${i}`] = answers[n];
      if (answers[n] === null) errors.push({ message: 'Unexpected error.', path: [`r${i}`] });
    });
    return Promise.resolve(errors.length > 0 ? { kind: 'data', data, errors } : { kind: 'data', data });
  }) as GraphTransport & { rows: PushedRow[] };
  transport.rows = rows;
  return transport;
}

/** Counts the read-write transactions the replica opens (each one locks its stores against the screens' reads). */
export function countWrites(replica: Replica): { count: () => number } {
  const dexie = replica.dexie;
  const original = dexie.transaction.bind(dexie) as (...args: unknown[]) => unknown;
  let count = 0;
  (dexie as unknown as { transaction: (...args: unknown[]) => unknown }).transaction = (...args: unknown[]) => {
    if (args[0] === 'rw') count++;
    return original(...args);
  };
  return { count: () => count };
}
