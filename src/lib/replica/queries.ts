/**
 * The screens' replica queries, each answered from an index in order (no sorting in memory), so
 * they stay fast at thousands of documents. Plain async functions over a ReplicaReader: the hooks
 * wrap them in liveQuery, the benchmark times them directly.
 */
import { Dexie } from 'dexie';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from './replica-db';

/** Inbox (Postvak IN), newest first: [recipientKey+createdAt] read backwards. */
export function inbox(r: ReplicaReader, recipientKey: string, limit = 50): Promise<ReplicaDocument[]> {
  return r
    .docs('messages')
    .where('[recipientKey+createdAt]')
    .between([recipientKey, Dexie.minKey], [recipientKey, Dexie.maxKey])
    .reverse()
    .filter((m) => m.display !== false && !m._deleted)
    .limit(limit)
    .toArray();
}

/** Sent (Verzonden), newest first. */
export function sent(r: ReplicaReader, senderKey: string, limit = 50): Promise<ReplicaDocument[]> {
  return r
    .docs('messages')
    .where('[senderKey+createdAt]')
    .between([senderKey, Dexie.minKey], [senderKey, Dexie.maxKey])
    .reverse()
    .filter((m) => m.senderDisplay !== false)
    .limit(limit)
    .toArray();
}

/** Participant search by name prefix (lower-case "lastname firstname prefix"), alphabetical. */
export function searchParticipants(r: ReplicaReader, text: string, limit = 50): Promise<ReplicaDocument[]> {
  const q = text.trim().toLowerCase();
  const table = r.docs('participants');
  const range = q ? table.where('nameLower').startsWith(q) : table.orderBy('nameLower');
  return range.limit(limit).toArray();
}

/** A coach's caseload, alphabetical. */
export function caseload(r: ReplicaReader, coachId: number, limit = 500): Promise<ReplicaDocument[]> {
  return r
    .docs('participants')
    .where('[coachId+nameLower]')
    .between([coachId, Dexie.minKey], [coachId, Dexie.maxKey])
    .limit(limit)
    .toArray();
}

/** Work plans of a coach with a status. */
export function workPlansOfCoach(r: ReplicaReader, coachId: number, status: string): Promise<ReplicaDocument[]> {
  return r.docs('workPlans').where('[coachId+status]').equals([coachId, status]).toArray();
}

/** Measurements of a participant, newest first. */
export function measurementsOfParticipant(r: ReplicaReader, participantId: number): Promise<ReplicaDocument[]> {
  return r
    .docs('wageValueMeasurements')
    .where('[participantId+createdAt]')
    .between([participantId, Dexie.minKey], [participantId, Dexie.maxKey])
    .reverse()
    .toArray();
}

/** Unread count for the menu badge. */
export function unreadCount(r: ReplicaReader, recipientKey: string): Promise<number> {
  return r
    .docs('messages')
    .where('[recipientKey+createdAt]')
    .between([recipientKey, Dexie.minKey], [recipientKey, Dexie.maxKey])
    .filter((m) => m.read === false && m.display !== false)
    .count();
}
