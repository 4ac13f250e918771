import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { participantNameKey, participantsByName } from '../../lib/replica/sorted-rows';
import { Role } from '../../domain/shared/roles';
import { Visibility } from '../../domain/shared/visibility';
import { listName, statusNameOf, userName, type ParticipantListRow } from './participant-row';

/** The participant screens' replica reads (the screens and the benchmark import these). */
export interface ParticipantFilters {
  search: string;
  statusId: number | null;
  subStatusId: number | null;
  coachId: number | null;
  managerId: number | null;
  projectId: number | null;
  visibility: 'active' | 'hidden' | 'all';
  /** Only participants of whom this user is coach or manager. */
  caseloadOf: number | null;
}

export const NO_FILTERS: ParticipantFilters = { search: '', statusId: null, subStatusId: null, coachId: null, managerId: null, projectId: null, visibility: 'active', caseloadOf: null };

export interface ParticipantsResult {
  rows: ParticipantListRow[];
  total: number;
}

function matches(f: ParticipantFilters): (d: ReplicaDocument) => boolean {
  return (d) =>
    !d._deleted &&
    d.display !== Visibility.deleted &&
    (f.visibility === 'all' || (f.visibility === 'hidden' ? d.display === Visibility.hidden : d.display !== Visibility.hidden)) &&
    (f.statusId === null || d.statusId === f.statusId) &&
    (f.subStatusId === null || d.subStatusId === f.subStatusId) &&
    (f.coachId === null || d.coachId === f.coachId) &&
    (f.managerId === null || d.managerId === f.managerId) &&
    (f.projectId === null || d.projectId === f.projectId) &&
    (f.caseloadOf === null || d.coachId === f.caseloadOf || d.managerId === f.caseloadOf);
}

/**
 * The participants that match, in name order (then uuid). No index holds a name (issue 36: it would be a
 * name in clear on disk): the participants by name are one sorted list in memory per open replica
 * (src/lib/replica/sorted-rows.ts, sorted again after a change), filtered and searched here.
 */
async function matching(r: ReplicaReader, f: ParticipantFilters): Promise<ReplicaDocument[]> {
  const q = f.search.trim().toLowerCase();
  const test = matches(f);
  return (await participantsByName(r)).filter((d) => test(d) && (q === '' || participantNameKey(d).startsWith(q)));
}

/** A page of participants in name order, with the total that match (`total` is never null: one read answers both). */
export async function readParticipantRows(r: ReplicaReader, f: ParticipantFilters, offset: number, limit: number): Promise<{ rows: ParticipantListRow[]; total: number | null }> {
  const all = await matching(r, f);
  return { total: all.length, rows: await toRows(r, all.slice(offset, offset + limit)) };
}

/** How many participants match. */
export async function countParticipants(r: ReplicaReader, f: ParticipantFilters): Promise<number> {
  return (await matching(r, f)).length;
}

/** A page of participants in name order with the total that match. */
export async function readParticipantsPage(r: ReplicaReader, f: ParticipantFilters, offset: number, limit: number): Promise<ParticipantsResult> {
  const page = await readParticipantRows(r, f, offset, limit);
  return { rows: page.rows, total: page.total ?? 0 };
}

/** The list rows of a page: the coaches' and managers' names read by id for these rows only. */
async function toRows(r: ReplicaReader, docs: readonly ReplicaDocument[]): Promise<ParticipantListRow[]> {
  const userIds = [...new Set(docs.flatMap((d) => [d.coachId, d.managerId]).filter((id): id is number => typeof id === 'number'))];
  const users: ReplicaDocument[] = userIds.length ? await r.docs('users').where('id').anyOf(userIds).toArray() : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return docs.map((d) => ({
      id: Number(d.id),
      uuid: d.uuid,
      name: listName(d),
      statusName: statusNameOf(d.statusId),
      coachName: userName(typeof d.coachId === 'number' ? byId.get(d.coachId) : undefined),
      managerName: userName(typeof d.managerId === 'number' ? byId.get(d.managerId) : undefined),
      bsn: typeof d.bsn === 'string' ? d.bsn : null,
      hidden: d.display === Visibility.hidden,
    }));
}

export interface Option {
  id: number;
  label: string;
}
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Choices of the filters and forms: staff by role, projects, sub-statuses. */
export async function filterOptions(r: ReplicaReader): Promise<{ coaches: Option[]; managers: Option[]; projects: Option[]; subStatuses: (Option & { statusId: number })[] }> {
  const [users, projects, subs] = await Promise.all([r.docs('users').toArray(), r.docs('projects').toArray(), r.docs('subStatuses').toArray()]);
  const staff = (role: number) =>
    users
      .filter((u) => !u._deleted && u.display === Visibility.visible && Number(u.aclRoleId) === role)
      .map((u) => ({ id: Number(u.id), label: userName(u) ?? text(u.username) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'nl'));
  return {
    coaches: staff(Role.coach),
    managers: staff(Role.manager),
    projects: projects.filter((p) => !p._deleted).map((p) => ({ id: Number(p.id), label: text(p.name) })),
    subStatuses: subs.filter((s) => !s._deleted).map((s) => ({ id: Number(s.id), label: text(s.label), statusId: Number(s.statusId) })),
  };
}

export async function participantById(r: ReplicaReader, id: number): Promise<ReplicaDocument | null> {
  const doc = await r.docs('participants').where('id').equals(id).first();
  return doc && !doc._deleted ? doc : null;
}

/** How many documents of a participant each tab of the participant page has in the replica. */
export async function participantCounts(r: ReplicaReader, id: number): Promise<Record<'workPlans' | 'messages' | 'documents' | 'measurements', number>> {
  const [workPlans, messages, documents, measurements] = await Promise.all([
    r.docs('workPlans').where('participantId').equals(id).count(),
    r.docs('messages').where('participantId').equals(id).count(),
    r.docs('files').where('participantId').equals(id).count(),
    r.docs('wageValueMeasurements').where('participantId').equals(id).count(),
  ]);
  return { workPlans, messages, documents, measurements };
}

/** The company's settings from the replica (identification system and switches). */
export async function companySettings(r: ReplicaReader, companyId: number): Promise<Record<string, unknown>> {
  const c = await r.docs('companies').where('id').equals(companyId).first();
  return (c?.settings ?? {}) as Record<string, unknown>;
}

/** Whether the signed-in user keeps the participants search on their caseload (search settings). */
export async function savedCaseloadToggle(r: ReplicaReader, userId: number): Promise<boolean> {
  const doc = await r.docs('searchSettings').where('[userId+subject]').equals([userId, 'participants']).first();
  return doc !== undefined && !doc._deleted && doc.showCaseload === true;
}
