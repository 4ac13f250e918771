import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  AddWorkPlanSchema,
  EndWorkPlanSchema,
  SaveReviewSchema,
  SaveSelfReviewSchema,
  UpdateWorkPlanSchema,
  clearedToNull,
  issuesByField,
  isIsoDate,
  srgReasonIssue,
} from './inputs';

const U = '0190a000-0000-7000-8000-000000000001';
const A = '0190a000-0000-7000-8000-000000000002';

function firstIssue(schema: v.GenericSchema, input: unknown): Record<string, string> | null {
  const r = v.safeParse(schema, input);
  return r.success ? null : issuesByField(r.issues);
}

describe('isIsoDate', () => {
  it.each([
    ['2026-01-31', true],
    ['2026-02-30', false],
    ['31-01-2026', false],
    ['', false],
  ])('%s → %s', (s, ok) => expect(isIsoDate(s)).toBe(ok));
});

describe('end a work plan (02 §5)', () => {
  const base = { uuid: U, startDate: '2026-03-01', endDate: '2026-06-01', terminationReasonId: 3 };
  it.each([
    ['valid', base, null],
    ['reason missing', { ...base, terminationReasonId: null }, { terminationReasonId: 'workPlans.errors.reasonRequired' }],
    ['reason empty', { ...base, terminationReasonId: '' }, { terminationReasonId: 'workPlans.errors.reasonRequired' }],
    ['date missing', { ...base, endDate: '' }, { endDate: 'workPlans.errors.endDateRequired' }],
    ['date invalid', { ...base, endDate: '2026-13-01' }, { endDate: 'workPlans.errors.invalidDate' }],
    ['end before start', { ...base, endDate: '2026-02-28' }, { endDate: 'workPlans.errors.endBeforeStart' }],
    ['end on start day', { ...base, endDate: '2026-03-01' }, null],
    ['no start date', { ...base, startDate: null, endDate: '2020-01-01' }, null],
  ] as const)('%s', (_name, input, expected) => {
    expect(firstIssue(EndWorkPlanSchema, input)).toEqual(expected);
  });

  it.each([
    [false, { srgValue: '' }, null],
    [true, { srgValue: '' }, 'workPlans.errors.srgReasonRequired'],
    [true, { srgValue: '12' }, null],
    [true, null, 'workPlans.errors.reasonRequired'],
  ] as const)('srgEnabled %s, reason %j → %s', (srg, reason, expected) => {
    expect(srgReasonIssue(srg, reason)).toBe(expected);
  });
});

describe('reviews on the 1..3 scale', () => {
  const base = { uuid: U, assignmentUuid: A, date: '2026-05-01', scores: [{ behaviorId: 1, score: 2 }], top: 'Goed', tip: 'Tempo' };
  it.each([
    ['valid', base, null],
    ['score 0', { ...base, scores: [{ behaviorId: 1, score: 0 }] }, { 'scores.0.score': 'workPlans.errors.scoreOutOfRange' }],
    ['score 4', { ...base, scores: [{ skillId: 1, score: 4 }] }, { 'scores.0.score': 'workPlans.errors.scoreOutOfRange' }],
    ['both targets', { ...base, scores: [{ behaviorId: 1, skillId: 2, score: 1 }] }, { 'scores.0': 'workPlans.errors.scoreTarget' }],
    ['no scores', { ...base, scores: [] }, { '': 'workPlans.errors.noScores' }],
    ['no date', { ...base, date: '' }, { date: 'workPlans.errors.dateRequired' }],
  ] as const)('%s', (_n, input, expected) => expect(firstIssue(SaveReviewSchema, input)).toEqual(expected));
});

describe('self-review: a score of 0 or less counts as none', () => {
  const base = { uuid: U, assignmentUuid: A, scores: [{ behaviorId: 1, score: 2 }] };
  it('negative scores become 0', () => {
    const out = v.parse(SaveSelfReviewSchema, { ...base, scores: [{ behaviorId: 1, score: -2 }, { skillId: 3, score: 1 }] });
    expect(out.scores.map((s) => s.score)).toEqual([0, 1]);
  });
  it.each([
    ['only zeros and no text', { ...base, scores: [{ behaviorId: 1, score: 0 }] }, { '': 'workPlans.errors.emptySelfReview' }],
    ['zeros with a top', { ...base, scores: [{ behaviorId: 1, score: 0 }], top: 'Ik was op tijd' }, null],
    ['valid', base, null],
  ] as const)('%s', (_n, input, expected) => expect(firstIssue(SaveSelfReviewSchema, input)).toEqual(expected));
});

describe('add and update a work plan', () => {
  const add = { uuid: U, participantId: 5, blueprintId: '7', startDate: '2026-03-01', expectedEndDate: '2026-09-01' };
  it.each([
    ['valid', add, null],
    ['no blueprint', { ...add, blueprintId: null }, { blueprintId: 'workPlans.errors.blueprintRequired' }],
    ['no participant', { ...add, participantId: undefined }, { participantId: 'workPlans.errors.participantRequired' }],
    ['end before start', { ...add, expectedEndDate: '2026-02-01' }, { expectedEndDate: 'workPlans.errors.endBeforeStart' }],
    ['no start', { ...add, startDate: '' }, { startDate: 'workPlans.errors.startDateRequired' }],
  ] as const)('%s', (_n, input, expected) => expect(firstIssue(AddWorkPlanSchema, input)).toEqual(expected));

  it('the batched change takes many plans and an empty coach clears it', () => {
    const out = v.parse(UpdateWorkPlanSchema, { uuids: [U, A], coachId: '' });
    expect(clearedToNull(out.coachId)).toBeNull();
    expect(clearedToNull(out.managerId)).toBeUndefined();
    expect(firstIssue(UpdateWorkPlanSchema, { uuids: [] })).toEqual({ uuids: 'workPlans.errors.noPlansSelected' });
  });
});
