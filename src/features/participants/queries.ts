/**
 * The participants screen's replica reads (use-replica-participants.ts wraps them in liveQuery; the
 * benchmark times exactly these). Answered from indexes in order: no sorting in memory.
 */
import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { listName, statusNameOf, userName, type ParticipantListRow } from './participant-row';

/** Rows per page of the list (more on request). */
export const PAGE_SIZE = 100;

export interface ParticipantsResult {
  rows: ParticipantListRow[];
  total: number;
}

/** Participants by name prefix (lower-case "lastname firstname prefix"), alphabetical, on the nameLower index. */
export function searchParticipants(r: ReplicaReader, text: string, limit = 50): Promise<ReplicaDocument[]> {
  const q = text.trim().toLowerCase();
  const table = r.docs('participants');
  const range = q ? table.where('nameLower').startsWith(q) : table.orderBy('nameLower');
  return range.limit(limit).toArray();
}

/** The list screen: the first `limit` participants whose name starts with `search`, the total, and the coaches' names. */
export async function readParticipants(r: ReplicaReader, search: string, limit: number): Promise<ParticipantsResult> {
  const q = search.trim().toLowerCase();
  const table = r.docs('participants');
  const [docs, total] = await Promise.all([searchParticipants(r, q, limit), q ? table.where('nameLower').startsWith(q).count() : table.count()]);
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
