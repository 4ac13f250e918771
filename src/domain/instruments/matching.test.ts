import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { matchPercentage, rankInstruments } from './matching';
import { SaveInstrumentMatchSchema } from './inputs';
import { ReplaceCoachSchema } from '../caseload/inputs';

describe('matchPercentage', () => {
  const multi = (id: number) => ({ id, categoryId: 1, singleSelection: false });
  const single = (id: number) => ({ id, categoryId: 2, singleSelection: true });

  it('answers 100 without filters and the share of filters met otherwise', () => {
    expect(matchPercentage([], new Set())).toBe(100);
    expect(matchPercentage([multi(1), multi(2)], new Set([1]))).toBe(50);
    expect(matchPercentage([multi(1), multi(2), multi(3)], new Set([1, 2]))).toBe(67);
    expect(matchPercentage([multi(1)], new Set([9]))).toBe(0);
  });

  it('counts a single-selection category once', () => {
    expect(matchPercentage([single(5), single(6), multi(1)], new Set([6]))).toBe(50);
    expect(matchPercentage([single(5), single(6)], new Set([5]))).toBe(100);
  });
});

describe('rankInstruments', () => {
  it('orders by match, then name, leaves out instruments meeting none, and counts units for the wording', () => {
    const multi = (id: number) => ({ id, categoryId: 1, singleSelection: false });
    const items = [
      { name: 'B', criterionIds: new Set([1]) },
      { name: 'A', criterionIds: new Set([1, 2]) },
      { name: 'C', criterionIds: new Set<number>() },
    ];
    expect(rankInstruments(items, []).map((r) => r.item.name)).toEqual(['A', 'B', 'C']);
    const ranked = rankInstruments(items, [multi(1), multi(2)]);
    expect(ranked.map((r) => [r.item.name, r.met, r.total, r.match])).toEqual([['A', 2, 2, 100], ['B', 1, 2, 50]]);
  });
});

describe('the shared schemas', () => {
  it('instrument linking: dates required, end not before start, at least one participant', () => {
    const base = { uuid: '0190a8f0-0000-7000-8000-000000000001', instrumentId: 1, participantIds: [2], startDate: '2026-01-01', endDate: '2026-02-01' };
    expect(v.safeParse(SaveInstrumentMatchSchema, base).success).toBe(true);
    const issue = (input: object) => v.safeParse(SaveInstrumentMatchSchema, input).issues?.[0]?.message;
    expect(issue({ ...base, endDate: '' })).toBe('instruments.errors.endDateRequired');
    expect(issue({ ...base, endDate: '2025-12-31' })).toBe('instruments.errors.endBeforeStart');
    expect(issue({ ...base, participantIds: [] })).toBe('instruments.errors.participantRequired');
  });

  it('caseload transfer: both users required and different', () => {
    const issue = (input: object) => v.safeParse(ReplaceCoachSchema, input).issues?.[0]?.message;
    expect(v.safeParse(ReplaceCoachSchema, { fromUserId: 1, toUserId: '2' }).output).toEqual({ fromUserId: 1, toUserId: 2 });
    expect(issue({ toUserId: 2 })).toBe('caseload.errors.fromRequired');
    expect(issue({ fromUserId: 1 })).toBe('caseload.errors.toRequired');
    expect(issue({ fromUserId: 3, toUserId: 3 })).toBe('caseload.errors.sameUser');
  });
});
