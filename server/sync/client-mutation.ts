import type { GraphContext } from '../graph/context';
import type { Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';
import type { PushAnswer } from '../../src/domain/sync/types';
import { UUID_PATTERN } from '../../src/domain/sync/uuid-v7';

export interface ClientMutationContext {
  tx: Queryable;
  viewer: Viewer;
}

/**
 * Runs a client mutation exactly once (ARCHITECTURE.md, outbox). In one transaction it claims the
 * client mutation id in processed_mutations, runs the effect and stores the answer. A replay (the
 * client never heard the first answer) finds the claim and returns the stored answer without
 * applying anything. Two identical deliveries at the same moment: the second INSERT waits on the
 * primary key until the first commits, then finds the row and returns its answer; if the first
 * rolled back, the second proceeds. A throw rolls the effect and the claim back together, so the
 * client may retry.
 */
export async function withClientMutation<T extends PushAnswer>(
  ctx: Pick<GraphContext, 'db' | 'viewer'>,
  operation: string,
  clientMutationId: string,
  effect: (m: ClientMutationContext) => Promise<T>,
): Promise<T | PushAnswer> {
  const viewer = ctx.viewer;
  if (!viewer) return { success: false, reason: 'no_current_user', conflict: null };
  if (!UUID_PATTERN.test(clientMutationId)) return { success: false, reason: 'invalid_client_mutation_id', conflict: null };
  for (let attempt = 0; ; attempt++) {
    const answer = await ctx.db.transaction(async (tx) => {
      const claim = await tx.query(
        `INSERT INTO processed_mutations (client_mutation_id, user_id, company_id, operation)
         VALUES ($1, $2, $3, $4) ON CONFLICT (client_mutation_id) DO NOTHING`,
        [clientMutationId, viewer.userId, viewer.companyId, operation],
      );
      if (claim.rowCount === 0) {
        const { rows } = await tx.query<{ user_id: number; operation: string; result: PushAnswer | null }>(
          'SELECT user_id, operation, result FROM processed_mutations WHERE client_mutation_id = $1',
          [clientMutationId],
        );
        const first = rows[0];
        if (!first) return null; // the first delivery rolled back between our INSERT and SELECT: try again
        if (Number(first.user_id) !== viewer.userId || first.operation !== operation) {
          return { success: false, reason: 'client_mutation_id_reused', conflict: null } satisfies PushAnswer;
        }
        return first.result ?? ({ success: false, reason: 'in_progress', conflict: null } satisfies PushAnswer);
      }
      const result = await effect({ tx, viewer });
      await tx.query('UPDATE processed_mutations SET result = $2 WHERE client_mutation_id = $1', [
        clientMutationId,
        JSON.stringify(result),
      ]);
      return result;
    });
    if (answer) return answer;
    if (attempt >= 3) throw new Error('Could not claim the client mutation id');
  }
}
