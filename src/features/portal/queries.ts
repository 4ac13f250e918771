/**
 * The portal's replica reads (screens and the benchmark import these). Each answers from an index;
 * the lists are a participant's own rows, so they stay small. The index range is read whole (one
 * getAll) and filtered here: a Dexie `.filter()` walks a cursor instead, one IndexedDB round trip
 * per row, which the portal home (eight of these at start-up) paid on the main thread.
 */
import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { PARTICIPANT_DOCUMENT_KIND } from '../../domain/portal/documents';
import { str } from './text';

const live = (d: ReplicaDocument): boolean => !d._deleted;

export async function userById(r: ReplicaReader, userId: number): Promise<ReplicaDocument | null> {
  return (await r.docs('users').where('id').equals(userId).toArray()).find(live) ?? null;
}

export async function companyById(r: ReplicaReader, companyId: number): Promise<ReplicaDocument | null> {
  return (await r.docs('companies').where('id').equals(companyId).toArray()).find(live) ?? null;
}

export async function participantById(r: ReplicaReader, participantId: number): Promise<ReplicaDocument | null> {
  return (await r.docs('participants').where('id').equals(participantId).toArray()).find(live) ?? null;
}

/** The participant's documents (file kind 5), newest first. */
export async function participantDocuments(r: ReplicaReader, participantId: number): Promise<ReplicaDocument[]> {
  const rows = (await r.docs('files').where('participantId').equals(participantId).toArray()).filter((f) => live(f) && f.kind === PARTICIPANT_DOCUMENT_KIND);
  return rows.sort((a, b) => str(b.createdAt).localeCompare(str(a.createdAt)));
}

/** Workplaces of the company, by name. */
export async function workplaces(r: ReplicaReader): Promise<ReplicaDocument[]> {
  const rows = (await r.docs('workplaces').toArray()).filter(live);
  return rows.sort((a, b) => str(a.name).localeCompare(str(b.name), 'nl'));
}

export async function applicationsOf(r: ReplicaReader, participantId: number): Promise<ReplicaDocument[]> {
  return (await r.docs('workplaceApplications').where('participantId').equals(participantId).toArray()).filter(live);
}

export async function targetsOf(r: ReplicaReader, participantId: number): Promise<ReplicaDocument[]> {
  return (await r.docs('participantTargets').where('participantId').equals(participantId).toArray()).filter(live);
}

export async function workPlansOf(r: ReplicaReader, participantId: number): Promise<ReplicaDocument[]> {
  return (await r.docs('workPlans').where('participantId').equals(participantId).toArray()).filter(live);
}

/** Open tasks as the `tasks` query counts them: planned or active assignments of running work plans. */
export async function openTaskCount(r: ReplicaReader, participantId: number): Promise<number> {
  const [plans, assignments] = await Promise.all([workPlansOf(r, participantId), r.docs('assignments').where('participantId').equals(participantId).toArray()]);
  const running = new Set(plans.filter((w) => w.status === 'running').map((w) => w.id));
  return assignments.filter((a) => live(a) && (a.status === 0 || a.status === 1) && running.has(a.workPlanId as number)).length;
}
