import * as v from 'valibot';
import { syncApi } from '../../lib/sync-client';
import { workPlanWrites, writeRow, type WorkPlanWriteName } from '../../domain/work-plan/writes';

type Writes = typeof workPlanWrites;
type InputOf<N extends WorkPlanWriteName> = v.InferInput<Writes[N]['input']>;

/**
 * The work-plan screens' writes: parse with the domain schema, then ONE outbox row through the sync
 * worker (optimistic, ordered, sent exactly once when online). Answers the clientMutationId.
 */
export async function write<N extends WorkPlanWriteName>(name: N, input: InputOf<N>, extra: Record<string, unknown> = {}): Promise<string> {
  const d = workPlanWrites[name];
  const parsed: unknown = v.parse(d.input, input);
  return syncApi().outbox.enqueue(writeRow(d as never, parsed as never, { now: new Date().toISOString(), extra }));
}

export const discardWrite = (clientMutationId: string) => syncApi().outbox.discard(clientMutationId);
export const retryWrite = (clientMutationId: string) => syncApi().outbox.retry(clientMutationId);
