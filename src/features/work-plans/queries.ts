/**
 * The work-plan screens' replica reads (one module, imported by the screens and the benchmark).
 * Documents are camelCase rows; offline-created reviews carry their scores in `scores` until the pull
 * brings the server's review_scores rows.
 */
import type { ReplicaReader } from '../../lib/replica/replica-db';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { CollectionName } from '../../domain/sync/collections';
import type { WorkPlanStatus } from '../../domain/work-plan/constants';
import { workPlanFilterStatuses } from '../../domain/work-plan/constants';
import { plansByName } from '../../lib/replica/sorted-rows';
import { DEFAULT_PAGE_SIZE } from '../../domain/shared/constants';
import {
  byAssignmentStatus,
  currentScore,
  filterName,
  latestItemScores,
  planListPage,
  type PlanListItem,
  type PlanListQuery,
  type PlanPage,
  type ScoreLine,
} from '../../domain/work-plan/views';

const live = (docs: ReplicaDocument[]) => docs.filter((d) => !d._deleted);
const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const text = (x: unknown): string => (typeof x === 'string' ? x : '');

async function all(r: ReplicaReader, name: CollectionName): Promise<ReplicaDocument[]> {
  return live(await r.docs(name).toArray());
}
async function whereEq(r: ReplicaReader, name: CollectionName, index: string, value: number): Promise<ReplicaDocument[]> {
  return live(await r.docs(name).where(index).equals(value).toArray());
}
const byId = (docs: ReplicaDocument[]) => new Map(docs.filter((d) => typeof d.id === 'number').map((d) => [d.id as number, d]));

export const participantName = (p: ReplicaDocument | undefined): string =>
  p ? [text(p.firstname), text(p.prefix), text(p.lastname)].filter(Boolean).join(' ') : '';
export const userName = (u: ReplicaDocument | undefined): string => (u ? [text(u.givenName) || text(u.initials), text(u.surname)].filter(Boolean).join(' ') : '');

export interface PlanRow extends PlanListItem {
  id: number | null;
  participantId: number;
  coachId: number | null;
  pending: boolean;
}

function toPlanRow(w: ReplicaDocument, people: Map<number, ReplicaDocument>, users: Map<number, ReplicaDocument>): PlanRow {
  return {
    uuid: w.uuid,
    id: num(w.id),
    name: text(w.name),
    status: (text(w.status) || 'to_start') as WorkPlanStatus,
    participantId: num(w.participantId) ?? 0,
    participantName: participantName(people.get(num(w.participantId) ?? -1)),
    coachId: num(w.coachId),
    coachName: userName(users.get(num(w.coachId) ?? -1)),
    startDate: text(w.startDate) || null,
    expectedEndDate: text(w.expectedEndDate) || null,
    timeFinished: text(w.timeFinished) || null,
    pending: w._pending === true,
  };
}

/** Every work plan in the replica (the viewer's scope) with participant and coach names. */
export async function planRows(r: ReplicaReader, participantId?: number): Promise<PlanRow[]> {
  const [plans, people, users] = await Promise.all([
    participantId === undefined ? all(r, 'workPlans') : whereEq(r, 'workPlans', 'participantId', participantId),
    all(r, 'participants'),
    all(r, 'users'),
  ]);
  const pm = byId(people);
  const um = byId(users);
  return plans.map((w) => toPlanRow(w, pm, um));
}

/** The status the list shows for a plan (collections.ts derives it as listStatus). */
const listStatusOf = (d: ReplicaDocument): string => (typeof d.listStatus === 'string' ? d.listStatus : text(d.status) || 'to_start');

/**
 * One page of the work-plan list (/work-plan). Sorted by name without a search (the default), it is read
 * from the plans by name kept in memory per open replica (src/lib/replica/sorted-rows.ts: no index holds a
 * name, issue 36), ties by uuid, descending the exact reverse; only the page's participants and coaches are
 * read, by id. Any other sort or a search reads every plan (planRows + planListPage).
 */
export async function planListPageOf(r: ReplicaReader, q: PlanListQuery): Promise<PlanPage<PlanRow>> {
  if (q.sort !== 'name' || q.search.trim() !== '') return planListPage(await planRows(r), q);
  const statuses = new Set<string>(workPlanFilterStatuses[filterName(q.filter)]);
  const shown = (await plansByName(r)).filter((d) => !d._deleted && statuses.has(listStatusOf(d)));
  const total = shown.length;
  const perPage = q.perPage ?? DEFAULT_PAGE_SIZE;
  const size = perPage === 0 ? Math.max(1, total) : perPage;
  const pageCount = perPage === 0 ? 1 : Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(q.page) || 1), pageCount);
  const from = q.dir === 'desc' ? Math.max(0, total - page * size) : (page - 1) * size;
  const to = q.dir === 'desc' ? total - (page - 1) * size : page * size;
  const slice = shown.slice(from, to);
  const merged = q.dir === 'desc' ? slice.reverse() : slice;
  const ids = (field: string) => [...new Set(merged.map((d) => d[field]).filter((x): x is number => typeof x === 'number'))];
  const participantIds = ids('participantId');
  const coachIds = ids('coachId');
  const [people, users] = await Promise.all([
    participantIds.length ? r.docs('participants').where('id').anyOf(participantIds).toArray() : Promise.resolve([]),
    coachIds.length ? r.docs('users').where('id').anyOf(coachIds).toArray() : Promise.resolve([]),
  ]);
  const pm = byId(live(people));
  const um = byId(live(users));
  return { records: merged.map((w) => toPlanRow(w, pm, um)), totalItems: total, page, pageCount };
}

export interface ReviewView {
  uuid: string;
  createdAt: string;
  score: number | null;
  top: string;
  tip: string;
  reviewer: string;
  scores: ScoreLine[];
  pending: boolean;
}

export interface AssignmentView {
  uuid: string;
  id: number;
  status: number;
  sortOrder: number;
  workOrderName: string;
  workOrderDescription: string;
  reviewRequestedAt: string | null;
  reviews: ReviewView[];
  selfReviews: ReviewView[];
  currentScore: number | null;
  lastScores: Map<string, number>;
  participantId: number;
}

export interface ItemView {
  key: string;
  id: number;
  kind: 'behavior' | 'skill';
  name: string;
  group: string;
  targetScore: number | null;
}

export interface PlanDetail {
  plan: PlanRow & { terminationReason: string; terminationReasonId: number | null; managerName: string; blueprintId: number | null };
  assignments: { planned: AssignmentView[]; active: AssignmentView[]; completed: AssignmentView[] };
  items: ItemView[];
  files: { uuid: string; name: string; createdAt: string; mime: string }[];
}

function scoresOf(docs: ReplicaDocument[], key: 'reviewId' | 'participantReviewId', id: number | null, fallback: unknown): ScoreLine[] {
  const own = id === null ? [] : docs.filter((s) => s[key] === id);
  if (own.length > 0) return own.map((s) => ({ behaviorId: num(s.behaviorId), skillId: num(s.skillId), score: num(s.score) ?? 0 }));
  return Array.isArray(fallback) ? (fallback as ScoreLine[]) : [];
}

async function reviewViews(r: ReplicaReader, assignmentId: number, users: Map<number, ReplicaDocument>, self: boolean): Promise<ReviewView[]> {
  const rows = await whereEq(r, self ? 'participantReviews' : 'reviews', 'assignmentId', assignmentId);
  const ids = rows.map((x) => num(x.id)).filter((x): x is number => x !== null);
  const scoreDocs = ids.length
    ? live(await r.docs(self ? 'participantReviewScores' : 'reviewScores').where(self ? 'participantReviewId' : 'reviewId').anyOf(ids).toArray())
    : [];
  return rows
    .map((x) => ({
      uuid: x.uuid,
      createdAt: text(x.createdAt),
      score: num(x.score),
      top: text(x.top),
      tip: text(x.tip),
      reviewer: userName(users.get(num(x.userId) ?? -1)),
      scores: scoresOf(scoreDocs, self ? 'participantReviewId' : 'reviewId', num(x.id), x.scores),
      pending: x._pending === true,
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function assignmentViews(r: ReplicaReader, assignments: ReplicaDocument[], users: Map<number, ReplicaDocument>): Promise<AssignmentView[]> {
  const orders = byId(await all(r, 'workOrders'));
  return Promise.all(
    assignments
      .filter((a) => typeof a.id === 'number')
      .map(async (a) => {
        const id = a.id as number;
        const [reviews, selfReviews] = await Promise.all([reviewViews(r, id, users, false), reviewViews(r, id, users, true)]);
        const order = orders.get(num(a.workOrderId) ?? -1);
        return {
          uuid: a.uuid,
          id,
          status: num(a.status) ?? 0,
          sortOrder: num(a.sortOrder) ?? 0,
          workOrderName: text(order?.name),
          workOrderDescription: text(order?.description),
          reviewRequestedAt: text(a.reviewRequestedAt) || null,
          reviews,
          selfReviews,
          currentScore: currentScore(reviews),
          lastScores: latestItemScores(reviews),
          participantId: num(a.participantId) ?? 0,
        };
      }),
  );
}

export async function planItems(r: ReplicaReader, planId: number): Promise<ItemView[]> {
  const [pb, ps, behaviors, skills, competencies, disciplines] = await Promise.all([
    whereEq(r, 'workPlanBehaviors', 'workPlanId', planId),
    whereEq(r, 'workPlanSkills', 'workPlanId', planId),
    all(r, 'behaviors'),
    all(r, 'skills'),
    all(r, 'competencies'),
    all(r, 'disciplines'),
  ]);
  const bm = byId(behaviors);
  const sm = byId(skills);
  const cm = byId(competencies);
  const dm = byId(disciplines);
  const order = (x: ReplicaDocument) => num(x.sortOrder) ?? 0;
  return [
    ...pb.sort((a, b) => order(a) - order(b)).map((x): ItemView => {
      const b = bm.get(num(x.behaviorId) ?? -1);
      return { key: `b${num(x.behaviorId)}`, id: num(x.behaviorId) ?? 0, kind: 'behavior', name: text(b?.name), group: text(cm.get(num(b?.competencyId) ?? -1)?.name), targetScore: num(x.targetScore) };
    }),
    ...ps.sort((a, b) => order(a) - order(b)).map((x): ItemView => {
      const s = sm.get(num(x.skillId) ?? -1);
      return { key: `s${num(x.skillId)}`, id: num(x.skillId) ?? 0, kind: 'skill', name: text(s?.name), group: text(dm.get(num(s?.disciplineId) ?? -1)?.name), targetScore: num(x.targetScore) };
    }),
  ];
}

/** One plan (by uuid or numeric id) with assignments by status, behaviours and skills, files. */
export async function planDetail(r: ReplicaReader, key: string): Promise<PlanDetail | null> {
  const plan = /^\d+$/.test(key) ? (await r.docs('workPlans').where('id').equals(Number(key)).first()) : await r.docs('workPlans').get(key);
  if (!plan || plan._deleted) return null;
  const [people, users, reasons] = await Promise.all([all(r, 'participants'), all(r, 'users'), all(r, 'workPlanTerminationReasons')]);
  const um = byId(users);
  const row = toPlanRow(plan, byId(people), um);
  const planId = num(plan.id);
  const assignments = planId === null ? [] : await whereEq(r, 'assignments', 'workPlanId', planId);
  const views = await assignmentViews(r, assignments, um);
  const items = planId === null ? [] : await planItems(r, planId);
  const files = planId === null ? [] : await whereEq(r, 'files', 'workPlanId', planId);
  const reasonId = num(plan.terminationReasonId);
  return {
    plan: {
      ...row,
      terminationReasonId: reasonId,
      terminationReason: text(reasons.find((x) => x.id === reasonId)?.label),
      managerName: userName(um.get(num(plan.managerId) ?? -1)),
      blueprintId: num(plan.blueprintId),
    },
    assignments: byAssignmentStatus(views),
    items,
    files: files.map((f) => ({ uuid: f.uuid, name: text(f.name), createdAt: text(f.createdAt), mime: text(f.mime) })),
  };
}

export interface RoundStop {
  participantId: number;
  participantName: string;
  planUuid: string;
  planName: string;
  assignment: AssignmentView;
  items: ItemView[];
}

/**
 * The coach's review round: the open assignments (active first, then planned) of the running plans in the
 * replica, by participant name, plan and sort order. Next-assignment takes the next stop; next-participant
 * the first stop of the next participant.
 */
export async function reviewRound(r: ReplicaReader): Promise<RoundStop[]> {
  const rows = (await planRows(r)).filter((p) => p.status === 'running' && p.id !== null);
  rows.sort((a, b) => a.participantName.localeCompare(b.participantName, 'nl') || a.name.localeCompare(b.name, 'nl'));
  const um = byId(await all(r, 'users'));
  const stops: RoundStop[] = [];
  for (const p of rows) {
    const open = (await whereEq(r, 'assignments', 'workPlanId', p.id!)).filter((a) => a.status === 1 || a.status === 0);
    if (open.length === 0) continue;
    const [views, items] = await Promise.all([assignmentViews(r, open, um), planItems(r, p.id!)]);
    for (const a of views.sort((x, y) => y.status - x.status || x.sortOrder - y.sortOrder)) {
      stops.push({ participantId: p.participantId, participantName: p.participantName, planUuid: p.uuid, planName: p.name, assignment: a, items });
    }
  }
  return stops;
}

/** Reference lists for the forms. */
export async function referenceList(r: ReplicaReader, name: CollectionName): Promise<ReplicaDocument[]> {
  return all(r, name);
}

export interface ProfileRow {
  key: string;
  id: number;
  kind: 'behavior' | 'skill';
  name: string;
  groupId: number;
  group: string;
  /** The behaviour or skill and its group are in the replica (reference data syncs apart from the scores). */
  named: boolean;
  startScore: number | null;
  currentScore: number | null;
  targetScore: number | null;
  selfScore: number | null;
}

/** The development profile: behaviours by competency, skills by discipline, with their four scores. */
export async function developmentProfile(r: ReplicaReader, participantId: number): Promise<ProfileRow[]> {
  const [pb, ps, behaviors, skills, competencies, disciplines] = await Promise.all([
    whereEq(r, 'participantBehaviorScores', 'participantId', participantId),
    whereEq(r, 'participantSkillScores', 'participantId', participantId),
    all(r, 'behaviors'),
    all(r, 'skills'),
    all(r, 'competencies'),
    all(r, 'disciplines'),
  ]);
  const bm = byId(behaviors);
  const sm = byId(skills);
  const cm = byId(competencies);
  const dm = byId(disciplines);
  const scores = (x: ReplicaDocument) => ({
    startScore: num(x.startScore),
    currentScore: num(x.currentScore),
    targetScore: num(x.targetScore),
    selfScore: (num(x.selfScore) ?? 0) > 0 ? num(x.selfScore) : null,
  });
  return [
    ...pb.map((x): ProfileRow => {
      const b = bm.get(num(x.behaviorId) ?? -1);
      const gid = num(b?.competencyId) ?? 0;
      return { key: `b${num(x.behaviorId)}`, id: num(x.behaviorId) ?? 0, kind: 'behavior', name: text(b?.name), groupId: gid, group: text(cm.get(gid)?.name), named: b !== undefined && cm.has(gid), ...scores(x) };
    }),
    ...ps.map((x): ProfileRow => {
      const s = sm.get(num(x.skillId) ?? -1);
      const gid = num(s?.disciplineId) ?? 0;
      return { key: `s${num(x.skillId)}`, id: num(x.skillId) ?? 0, kind: 'skill', name: text(s?.name), groupId: gid, group: text(dm.get(gid)?.name), named: s !== undefined && dm.has(gid), ...scores(x) };
    }),
  ];
}

/** Refused work-plan writes still in the outbox (with what was typed, to retry or copy). */
export async function failedWrites(r: ReplicaReader, prefix: string) {
  return (await r.outbox.where('status').equals('failed').toArray()).filter((row) => row.op.startsWith(prefix));
}

