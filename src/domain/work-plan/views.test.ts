import { describe, expect, it } from 'vitest';
import {
  applyFilter,
  byAssignmentStatus,
  currentScore,
  latestItemScores,
  nextInRound,
  planListPage,
  progressRatio,
  reopenedStatus,
  reviewScoreOf,
  type PlanListItem,
} from './views';
import { workPlanWrites } from './writes';
import { disciplineRemovalIssue, pdpPatch } from './pdp';
import { hasSelfScore } from './constants';

const plan = (uuid: string, status: PlanListItem['status'], name = uuid, participantName = 'P'): PlanListItem => ({ uuid, status, name, participantName });
const plans = [plan('a', 'to_start'), plan('b', 'running'), plan('c', 'finished'), plan('d', 'running'), plan('e', 'to_start')];

describe('the five filters', () => {
  it.each([
    [1, ['a', 'b', 'c', 'd', 'e']],
    [2, ['a', 'b', 'd', 'e']],
    [3, ['c']],
    [4, ['a', 'e']],
    [5, ['b', 'd']],
    [99, ['a', 'b', 'c', 'd', 'e']],
  ])('filter %i', (f, expected) => expect(applyFilter(plans, f).map((p) => p.uuid)).toEqual(expected));
});

describe('list page', () => {
  const many = Array.from({ length: 32 }, (_, i) => plan(`p${String(i).padStart(2, '0')}`, i % 2 ? 'running' : 'finished', `Plan ${i}`, `Deelnemer ${['Ans', 'Bram', 'Cor', 'Dirk'][i % 4]}`));
  it('pages of 15, the last partial', () => {
    const q = { filter: 1, search: '', sort: 'name' as const, dir: 'asc' as const };
    expect(planListPage(many, { ...q, page: 1 }).records).toHaveLength(15);
    const last = planListPage(many, { ...q, page: 3 });
    expect([last.records.length, last.pageCount, last.totalItems]).toEqual([2, 3, 32]);
    expect(planListPage(many, { ...q, page: 9 }).page).toBe(3);
    expect(planListPage(many, { ...q, page: 1, perPage: 0 }).records).toHaveLength(32);
  });
  it('search by every word, sorted descending', () => {
    const r = planListPage(many, { filter: 5, search: 'deelnemer dirk', sort: 'name', dir: 'desc', page: 1 });
    expect(r.records.every((p) => p.participantName === 'Deelnemer Dirk' && p.status === 'running')).toBe(true);
    expect(r.totalItems).toBe(8);
    expect(r.records[0]!.name > r.records[1]!.name).toBe(true);
  });
});

describe('scores', () => {
  it('current score is the last review\'s', () => {
    expect(currentScore([])).toBeNull();
    expect(currentScore([{ createdAt: '2026-01-02', score: 3 }, { createdAt: '2026-01-05', score: 1 }, { createdAt: '2026-01-03', score: 2 }])).toBe(1);
  });
  it('latest score per behaviour and skill', () => {
    const m = latestItemScores([
      { createdAt: '2026-02-01', scores: [{ behaviorId: 1, score: 3 }] },
      { createdAt: '2026-01-01', scores: [{ behaviorId: 1, score: 1 }, { skillId: 1, score: 2 }] },
    ]);
    expect([m.get('b1'), m.get('s1')]).toEqual([3, 2]);
  });
  it.each([
    [0, false],
    [-1, false],
    [1, true],
    [null, false],
  ])('self score %s counts: %s', (s, ok) => expect(hasSelfScore(s)).toBe(ok));
  it.each([
    [{ target: 3, current: 3 }, 1],
    [{ target: 3, current: null }, null],
    [{ target: 2, current: 3 }, 1],
  ])('progress %j', (row, expected) => expect(progressRatio(row)).toBe(expected));
});

describe('assignments and the review round', () => {
  it('groups by status in sort order', () => {
    const g = byAssignmentStatus([
      { id: 1, status: 2, sortOrder: 1 },
      { id: 2, status: 0, sortOrder: 3 },
      { id: 3, status: 1, sortOrder: 2 },
      { id: 4, status: 0, sortOrder: 0 },
    ]);
    expect([g.planned.map((a) => a.id), g.active.map((a) => a.id), g.completed.map((a) => a.id)]).toEqual([[4, 2], [3], [1]]);
  });
  const round = [{ participantId: 1 }, { participantId: 1 }, { participantId: 2 }, { participantId: 2 }];
  it.each([
    [0, 'assignment', 1],
    [1, 'assignment', null],
    [0, 'participant', 2],
    [2, 'participant', null],
    [2, 'assignment', 3],
  ] as const)('from %i, next %s → %s', (i, mode, expected) => expect(nextInRound(round, i, mode)).toBe(expected));
  it('reopen status', () => {
    expect(reopenedStatus('2026-01-01', '2026-05-01')).toBe('running');
    expect(reopenedStatus('2026-09-01', '2026-05-01')).toBe('to_start');
  });
});

describe('development profile', () => {
  it.each([
    [{ activeWorkPlans: 0, reviews: 0 }, null],
    [{ activeWorkPlans: 1, reviews: 0 }, 'workPlans.errors.disciplineInUse'],
    [{ activeWorkPlans: 0, reviews: 2 }, 'workPlans.errors.disciplineInUse'],
  ])('removal %j', (use, expected) => expect(disciplineRemovalIssue(use)).toBe(expected));
  it('patch keeps only given fields', () => expect(pdpPatch({ targetScore: 3, selfScore: null })).toEqual({ targetScore: 3, selfScore: null }));
});

describe('issue 21: the current score offline equals the server’s', () => {
  it('a review without an overall score takes the rounded average of its lines, as the server stores it', () => {
    expect(reviewScoreOf(null, [{ score: 3 }, { score: 3 }, { score: 2 }])).toBe(3);
    expect(reviewScoreOf(null, [])).toBeNull();
    const input = { uuid: '0190a0c8-0000-7000-8000-000000000031', assignmentUuid: '0190a0c8-0000-7000-8000-000000000032', date: '2026-11-26', score: null, scores: [{ behaviorId: 1, score: 3 }, { skillId: 2, score: 3 }], top: null, tip: null };
    const patch = workPlanWrites.saveReview.patch?.(input, { assignmentId: 1, participantId: 2, userId: 3, now: '2026-11-26T10:00:00.000Z' });
    expect(patch?.score).toBe(3);
    expect(currentScore([{ createdAt: '2026-11-26T10:00:00.000Z', score: patch?.score as number }])).toBe(3);
  });
});
