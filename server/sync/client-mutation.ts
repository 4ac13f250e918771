import type { Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';
import type { PushAnswer } from '../../src/domain/sync/types';
import { UUID_PATTERN } from '../../src/domain/sync/uuid-v7';

/** The savepoint each client mutation runs in, inside its request's transaction (server/sync/writes.ts). */
const SAVEPOINT = 'client_mutation';

/** A stored claim, as read from processed_mutations. */
export interface ClaimRow {
  user_id: number;
  operation: string;
  result: PushAnswer | null;
}

/**
 * The claims of a request's client mutation ids, read in one statement when its batch starts
 * (server/sync/writes.ts): an id without a row needs no read of its own before it runs. (A duplicate
 * delivery that commits meanwhile is still caught: the claim INSERT finds its row.)
 */
export async function readClaims(tx: Queryable, ids: readonly string[]): Promise<Map<string, ClaimRow | null>> {
  const valid = [...new Set(ids.map((id) => id.toLowerCase()).filter((id) => UUID_PATTERN.test(id)))];
  const found = new Map<string, ClaimRow | null>(valid.map((id) => [id, null]));
  if (valid.length === 0) return found;
  const { rows } = await tx.query<ClaimRow & { client_mutation_id: string }>(
    'SELECT client_mutation_id, user_id, operation, result FROM processed_mutations WHERE client_mutation_id = ANY($1::uuid[])',
    [valid],
  );
  for (const row of rows) found.set(String(row.client_mutation_id).toLowerCase(), row);
  return found;
}

/** What a stored claim answers this viewer and operation. */
function answerOf(first: ClaimRow, viewer: Viewer, operation: string): PushAnswer {
  if (Number(first.user_id) !== viewer.userId || first.operation !== operation) {
    return { success: false, reason: 'client_mutation_id_reused', conflict: null };
  }
  // A claim without an answer: written by a server before answers and claims were one row.
  return first.result ?? { success: false, reason: 'in_progress', conflict: null };
}

/** What a client mutation id already answered: the stored answer, or null when it was never claimed. */
async function storedAnswer(tx: Queryable, viewer: Viewer, operation: string, clientMutationId: string): Promise<PushAnswer | null> {
  const { rows } = await tx.query<ClaimRow>('SELECT user_id, operation, result FROM processed_mutations WHERE client_mutation_id = $1', [clientMutationId]);
  const first = rows[0];
  return first ? answerOf(first, viewer, operation) : null;
}

/** Undoes everything since the savepoint and ends it. */
async function rollbackToSavepoint(tx: Queryable): Promise<void> {
  await tx.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
  await tx.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
}

/**
 * Runs a client mutation exactly once (ARCHITECTURE.md, outbox), inside a transaction the caller
 * holds (one per pushed request: every write of the request shares it), in a SAVEPOINT of its own:
 *
 *   - a replay (the client never heard the first answer) finds the claim and answers the stored
 *     answer without applying anything;
 *   - otherwise the effect runs. A refusal (`success: false`) rolls the effect back to the
 *     savepoint: a refused write leaves nothing behind but its bookkeeping;
 *   - `record` writes what stays either way (the audit row), then the claim is written ONCE, with
 *     the answer (`INSERT … ON CONFLICT DO NOTHING`);
 *   - two identical deliveries at the same moment: the second finds no claim yet, runs, and its
 *     claim INSERT waits on the primary key until the first commits; it then finds the first's claim,
 *     rolls its own work back to the savepoint and answers the stored answer. (A create the first
 *     delivery made fails the second's INSERT with a unique violation instead: the same happens.)
 *   - a throw (deadlock, serialization failure, a bug) rolls the savepoint back, effect and claim
 *     together, and is thrown on: the caller answers nothing for it (the client retries), the writes
 *     before it in the request stay.
 */
export async function withClientMutation(
  tx: Queryable,
  viewer: Viewer,
  operation: string,
  clientMutationId: string,
  effect: (tx: Queryable) => Promise<PushAnswer>,
  record: (tx: Queryable, answer: PushAnswer) => Promise<void> = () => Promise.resolve(),
  /** The claim as the batch read it when it started (readClaims): null when there was none; undefined when not read. */
  known?: ClaimRow | null,
): Promise<PushAnswer> {
  if (!UUID_PATTERN.test(clientMutationId)) return { success: false, reason: 'invalid_client_mutation_id', conflict: null };
  if (known) return answerOf(known, viewer, operation);
  await tx.query(`SAVEPOINT ${SAVEPOINT}`);
  let claimed: boolean;
  let answer: PushAnswer;
  try {
    const stored = known === null ? null : await storedAnswer(tx, viewer, operation, clientMutationId);
    if (stored) {
      await tx.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
      return stored;
    }
    answer = await effect(tx);
    // The savepoint stays after a ROLLBACK TO: the bookkeeping below is part of it.
    if (!answer.success) await tx.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
    await record(tx, answer);
    const claim = await tx.query(
      `INSERT INTO processed_mutations (client_mutation_id, user_id, company_id, operation, result)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (company_id, client_mutation_id) DO NOTHING`,
      [clientMutationId, viewer.userId, viewer.companyId, operation, JSON.stringify(answer)],
    );
    claimed = claim.rowCount > 0;
  } catch (error) {
    // A failure of the rollback itself (a dropped connection) leaves the transaction broken: the
    // request's transaction checks it before it commits (writes.ts).
    await rollbackToSavepoint(tx);
    // A duplicate delivery that committed while this one ran (its create made this INSERT fail).
    const first = await storedAnswer(tx, viewer, operation, clientMutationId);
    if (first) return first;
    throw error;
  }
  if (claimed) {
    await tx.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
    return answer;
  }
  // A duplicate delivery committed first: its answer is the answer, this run never happened.
  await rollbackToSavepoint(tx);
  const first = await storedAnswer(tx, viewer, operation, clientMutationId);
  if (!first) throw new Error('Could not claim the client mutation id');
  return first;
}
