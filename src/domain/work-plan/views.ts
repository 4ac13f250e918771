/**
 * Pure views of work plans: the list's five filters, search, sorting and paging, the current score
 * (the last review's) and progress against target scores. Used by the screens (on replica documents)
 * and the server (on rows) alike.
 */
import { DEFAULT_PAGE_SIZE } from '../shared/constants';
import {
  WorkPlanFilter,
  hasSelfScore,
  workPlanFilterStatuses,
  type WorkPlanFilterId,
  type WorkPlanFilterName,
  type WorkPlanStatus,
} from './constants';

export interface PlanListItem {
  uuid: string;
  name: string;
  status: WorkPlanStatus;
  participantName: string;
  coachName?: string | null;
  startDate?: string | null;
  expectedEndDate?: string | null;
  timeFinished?: string | null;
}

export const workPlanSortKeys = ['name', 'participant', 'startDate', 'expectedEndDate', 'status'] as const;
export type WorkPlanSortKey = (typeof workPlanSortKeys)[number];
export type SortDirection = 'asc' | 'desc';

export function filterName(id: number): WorkPlanFilterName {
  const found = (Object.entries(WorkPlanFilter) as [WorkPlanFilterName, WorkPlanFilterId][]).find(([, v]) => v === id);
  return found ? found[0] : 'all';
}

/** The spec's five filters (all 1, unfinished 2, finished 3, unstarted 4, started 5); an unknown id is "all". */
export function applyFilter<T extends { status: string }>(plans: readonly T[], filter: number): T[] {
  const statuses: readonly string[] = workPlanFilterStatuses[filterName(filter)];
  return plans.filter((p) => statuses.includes(p.status));
}

const norm = (s: string | null | undefined) => (s ?? '').toLocaleLowerCase('nl');

/** Every word of the search must occur in the plan's name, participant or coach. */
export function matchesSearch(p: PlanListItem, search: string): boolean {
  const words = norm(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = `${norm(p.name)} ${norm(p.participantName)} ${norm(p.coachName)}`;
  return words.every((w) => hay.includes(w));
}

const STATUS_ORDER: Record<WorkPlanStatus, number> = { to_start: 0, running: 1, finished: 2 };

function sortValue(p: PlanListItem, key: WorkPlanSortKey): string | number {
  switch (key) {
    case 'name':
      return norm(p.name);
    case 'participant':
      return norm(p.participantName);
    case 'startDate':
      return p.startDate ?? '';
    case 'expectedEndDate':
      return p.expectedEndDate ?? '';
    case 'status':
      return STATUS_ORDER[p.status];
  }
}

export function sortPlans<T extends PlanListItem>(plans: readonly T[], key: WorkPlanSortKey, dir: SortDirection): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...plans].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'nl');
    return c !== 0 ? sign * c : a.uuid.localeCompare(b.uuid);
  });
}

export interface PlanListQuery {
  filter: number;
  search: string;
  sort: WorkPlanSortKey;
  dir: SortDirection;
  page: number;
  perPage?: number;
}

export interface PlanPage<T> {
  records: T[];
  totalItems: number;
  page: number;
  pageCount: number;
}

/** Filter, search, sort and cut one page (15 by default; 0 = all records). */
export function planListPage<T extends PlanListItem>(plans: readonly T[], q: PlanListQuery): PlanPage<T> {
  const perPage = q.perPage ?? DEFAULT_PAGE_SIZE;
  const selected = sortPlans(applyFilter(plans, q.filter).filter((p) => matchesSearch(p, q.search)), q.sort, q.dir);
  const pageCount = perPage === 0 ? 1 : Math.max(1, Math.ceil(selected.length / perPage));
  const page = Math.min(Math.max(1, Math.floor(q.page) || 1), pageCount);
  const records = perPage === 0 ? selected : selected.slice((page - 1) * perPage, page * perPage);
  return { records, totalItems: selected.length, page, pageCount };
}

export interface ReviewLike {
  createdAt: string;
  score?: number | null;
}

/** The last review by time (ties: the later in the list). */
export function lastReview<T extends ReviewLike>(reviews: readonly T[]): T | null {
  let last: T | null = null;
  for (const r of reviews) if (!last || r.createdAt >= last.createdAt) last = r;
  return last;
}

/** The current score of an assignment: the score of its last review (null without reviews). */
export function currentScore(reviews: readonly ReviewLike[]): number | null {
  return lastReview(reviews)?.score ?? null;
}

export interface ScoreLine {
  behaviorId?: number | null;
  skillId?: number | null;
  score: number;
}

export const itemKey = (l: { behaviorId?: number | null; skillId?: number | null }): string =>
  l.behaviorId != null ? `b${l.behaviorId}` : `s${String(l.skillId)}`;

/** Per behaviour/skill: the score of the last review that scored it. */
export function latestItemScores(reviews: readonly (ReviewLike & { scores: readonly ScoreLine[] })[]): Map<string, number> {
  const out = new Map<string, number>();
  const ordered = [...reviews].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const r of ordered) for (const l of r.scores) out.set(itemKey(l), l.score);
  return out;
}

/**
 * A review's overall score as the server stores it: the score given, else the rounded average of the
 * scored lines (1..3). The device's optimistic review uses the same rule, so "Huidige score" offline
 * equals what the server will store (issue 21).
 */
export function reviewScoreOf(score: number | null | undefined, lines: readonly { score: number }[]): number | null {
  if (score != null && score > 0) return score;
  const counted = lines.filter((l) => l.score > 0);
  return counted.length === 0 ? null : Math.min(3, Math.max(1, Math.round(counted.reduce((s, l) => s + l.score, 0) / counted.length)));
}

/** Self scores that count (0 or less is none). */
export function countedSelfScores(lines: readonly ScoreLine[]): ScoreLine[] {
  return lines.filter((l) => hasSelfScore(l.score));
}

export interface ProgressRow {
  key: string;
  label: string;
  target: number | null;
  current: number | null;
  self: number | null;
}

/** Progress against target: how far the current score is toward the target (0..1); null without both. */
export function progressRatio(row: Pick<ProgressRow, 'target' | 'current'>): number | null {
  if (row.target == null || row.current == null || row.target <= 0) return null;
  return Math.min(1, row.current / row.target);
}

/** Assignments grouped by status (planned 0, active 1, completed 2), each ordered by sortOrder. */
export function byAssignmentStatus<T extends { status: number; sortOrder?: number | null }>(items: readonly T[]): { planned: T[]; active: T[]; completed: T[] } {
  const sorted = [...items].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
  return {
    planned: sorted.filter((a) => a.status === 0),
    active: sorted.filter((a) => a.status === 1),
    completed: sorted.filter((a) => a.status === 2),
  };
}

/** Where the review round goes next: the next assignment of this participant, else the first of the next participant. */
export function nextInRound<T extends { participantId: number }>(
  round: readonly T[],
  current: number,
  mode: 'assignment' | 'participant',
): number | null {
  const here = round[current];
  if (!here) return null;
  for (let i = current + 1; i < round.length; i++) {
    const r = round[i]!;
    if (mode === 'assignment' ? r.participantId === here.participantId : r.participantId !== here.participantId) return i;
  }
  return null;
}

/** The status a reopened plan gets: running when it has started, else to start. */
export function reopenedStatus(startDate: string | null | undefined, today: string): WorkPlanStatus {
  return startDate && startDate > today ? 'to_start' : 'running';
}
