import type { ReplicaDocument } from '../../domain/sync/types';
import { useReplicaQuery } from '../../lib/replica/hooks';
import { searchParticipants } from '../../lib/replica/queries';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { listName, statusNameOf, userName, type ParticipantListRow } from './participant-row';

export interface ParticipantsResult {
  rows: ParticipantListRow[];
  total: number;
}

/** The first `limit` participants whose name starts with `search`, with the total and the coaches' names. */
export async function readParticipants(r: ReplicaReader, search: string, limit: number): Promise<ParticipantsResult> {
  const q = search.trim().toLowerCase();
  const table = r.docs('participants');
  const [docs, total] = await Promise.all([
    searchParticipants(r, q, limit),
    q ? table.where('nameLower').startsWith(q).count() : table.count(),
  ]);
  const coachIds = [...new Set(docs.map((d) => d.coachId).filter((id): id is number => typeof id === 'number'))];
  const coaches: ReplicaDocument[] = coachIds.length ? await r.docs('users').where('id').anyOf(coachIds).toArray() : [];
  const coachById = new Map(coaches.map((u) => [u.id, u]));
  return {
    total,
    rows: docs.map((d) => ({
      uuid: d.uuid,
      name: listName(d),
      statusName: statusNameOf(d.statusId),
      coachName: userName(typeof d.coachId === 'number' ? coachById.get(d.coachId) : undefined),
      hidden: d.display === 2,
    })),
  };
}

/** Participants from the replica (live: re-renders when the worker writes). Undefined while loading. */
export function useReplicaParticipants(search: string, limit: number): ParticipantsResult | undefined {
  return useReplicaQuery((r) => readParticipants(r, search, limit), [search, limit]);
}
