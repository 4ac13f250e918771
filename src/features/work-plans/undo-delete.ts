import { replicaReader } from '../../lib/replica/replica-db';
import { syncStore } from '../../lib/sync-client';
import { discardWrite, workPlans } from './actions';

/**
 * Undo a plan deletion: while the delete is still in the outbox (offline) it is discarded and the plan
 * comes back at once; once the server has it, restoreWorkPlan brings the plan and its parts back.
 */
export async function undoDelete(clientMutationId: string, uuid: string): Promise<void> {
  const session = syncStore.session;
  const row = session ? await replicaReader(session).outbox.get(clientMutationId) : undefined;
  if (row && row.status !== 'failed') {
    await discardWrite(clientMutationId);
    return;
  }
  await workPlans().restoreWorkPlan({ uuid });
}
