import { useLiveQuery } from 'dexie-react-hooks';
import { useReplica, useReplicaQuery } from '../../lib/replica/hooks';
import { countParticipants, readParticipantRows, type ParticipantFilters, type ParticipantsResult } from './queries';
import type { ParticipantListRow } from './participant-row';

export type { ParticipantsResult };

/** A page of the replica's list: its rows, and its total once counted (null until then). */
export interface ReplicaParticipants {
  rows: ParticipantListRow[];
  total: number | null;
  /** The filters, offset and limit these rows answer (the previous answer stays shown while the next is read). */
  key: string;
}

/** What `useReplicaParticipants` answers for these arguments (compare with `ReplicaParticipants.key`). */
export const participantsKey = (filters: ParticipantFilters, offset: number, limit: number): string => `${JSON.stringify(filters)}|${offset}|${limit}`;

/**
 * A page of participants from the replica (live: re-renders when the worker writes). Undefined while
 * loading. The rows come with their total (one sorted list in memory answers both, issue 36); a reader
 * that answers rows without a total has it counted after them by a second live query.
 * `ahead`: the first rows read ahead by the route's loader, shown until the live query answers.
 */
export function useReplicaParticipants(filters: ParticipantFilters, offset: number, limit: number, ahead: ReplicaParticipants | null = null): ReplicaParticipants | undefined {
  const filterKey = JSON.stringify(filters);
  const key = participantsKey(filters, offset, limit);
  const replica = useReplica();
  // `ahead` (the same rows read by the route's loader) stands in until the live query's first answer.
  const page = useLiveQuery(
    async () => (replica ? { key, filterKey, ...(await readParticipantRows(replica, filters, offset, limit)) } : undefined),
    [replica, key],
    ahead !== null && ahead.key === key ? { ...ahead, filterKey } : undefined,
  );
  const countFor = page && page.total === null ? page.filterKey : null;
  const counted = useReplicaQuery(
    async (r) => (countFor === null ? null : { filterKey: countFor, total: await countParticipants(r, JSON.parse(countFor) as ParticipantFilters) }),
    [countFor],
  );
  if (!page) return undefined;
  const total = page.total ?? (counted && counted.filterKey === page.filterKey ? counted.total : null);
  return { rows: page.rows, total, key: page.key };
}
