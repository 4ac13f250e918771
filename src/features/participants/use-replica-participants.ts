import { useReplicaQuery } from '../../lib/replica/hooks';
import { readParticipants, type ParticipantsResult } from './queries';

export type { ParticipantsResult };

/** Participants from the replica (live: re-renders when the worker writes). Undefined while loading. */
export function useReplicaParticipants(search: string, limit: number): ParticipantsResult | undefined {
  return useReplicaQuery((r) => readParticipants(r, search, limit), [search, limit]);
}
