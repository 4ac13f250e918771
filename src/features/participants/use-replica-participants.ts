import { useReplicaQuery } from '../../lib/replica/hooks';
import { readParticipantsPage, type ParticipantFilters, type ParticipantsResult } from './queries';

export type { ParticipantsResult };

/** A page of participants from the replica (live: re-renders when the worker writes). Undefined while loading. */
export function useReplicaParticipants(filters: ParticipantFilters, offset: number, limit: number): ParticipantsResult | undefined {
  return useReplicaQuery((r) => readParticipantsPage(r, filters, offset, limit), [JSON.stringify(filters), offset, limit]);
}
