import { syncApi } from '../../lib/sync-client';

/**
 * The work-plan screens' writes: each a declared write (src/domain/work-plan/writes.ts) through the
 * sync worker, which checks the input, applies the optimistic change and sends it exactly once.
 * `workPlans().saveReview(input, extra)` answers the clientMutationId.
 */
export const workPlans = () => syncApi().workPlans;
export const discardWrite = (clientMutationId: string) => syncApi().outbox.discard(clientMutationId);
export const retryWrite = (clientMutationId: string) => syncApi().outbox.retry(clientMutationId);
