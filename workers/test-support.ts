import type { GraphOutcome, GraphTransport } from './graph-client';
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
