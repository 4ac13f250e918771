import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { calculate } from './calculation';
import { MEASUREMENT_CASES, validDraft } from './measurement-cases';
import { validateMeasurement, validateStep } from './validation';
import { checkSave, measurementPatch, SaveMeasurementSchema, SettingsSchema, settingsIssue } from './schemas';
import { decimalsOf, formatDutchNumber, parseDutchNumber, round2, toDutchDate, toIsoDate } from './numbers';
import { minutesOfHours, researchFlags, storedResearchFlags } from './measurement';

describe('measurement cases (calculation and validation)', () => {
  it('has at least 30 cases', () => {
    expect(MEASUREMENT_CASES.length).toBeGreaterThanOrEqual(30);
  });
  it.each(MEASUREMENT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const found = validateMeasurement(c.draft).flatMap((s) => s.issues.map((i) => ({ step: s.step, path: i.path, key: i.key })));
    if (c.issues.length === 0) expect(found).toEqual([]);
    else expect(found).toEqual(expect.arrayContaining(c.issues));
    const f = calculate(c.draft);
    const { taskShares, taskResults, ...figures } = c.figures ?? {};
    expect(f).toMatchObject(figures);
    if (taskShares) expect(f.tasks.map((t) => t.percentageTimeSpent)).toEqual(taskShares);
    if (taskResults) expect(f.tasks.map((t) => t.workPerformance)).toEqual(taskResults);
  });
});

describe('save input', () => {
  const draft = validDraft();
  const base = { uuid: '0190a0c8-0000-7000-8000-000000000001', participantId: 5, type: 1 };
  it('dates travel as DD-MM-YYYY and are stored as ISO', () => {
    const r = checkSave(null, { ...base, step: 1, details: { ...draft.details, startingDate: '02-11-2026', validUntil: '02-11-2027' } });
    expect(r.ok && r.value.details?.startingDate).toBe('2026-11-02');
  });
  it('refuses a step with the rule’s reason and path', () => {
    const r = checkSave(null, { ...base, step: 1, details: { ...draft.details, fullTimeHours: 50 } });
    expect(r).toEqual({ ok: false, issue: { path: 'details.fullTimeHours', key: 'wageValue.errors.range', params: { min: '1', max: '48' } } });
  });
  it('checks cross-step rules against the stored document', () => {
    const stored = { uuid: base.uuid, participantId: 5, status: 'concept' as const, type: 1 as const, step: 1, summary: null, details: draft.details };
    const r = checkSave(stored, { ...base, step: 3, tasks: draft.tasks.map((t) => ({ ...t, minutesPerWeek: t.minutesPerWeek === null ? null : t.minutesPerWeek / 2 })) });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issue.key).toBe('wageValue.errors.totalPercentage');
  });
  it('a wage subsidy patch drops the wage fields', () => {
    const out = v.parse(SaveMeasurementSchema, { ...base, step: 4, normFunction: { ...draft.normFunction, salary: 10 } });
    expect(measurementPatch(out).normFunction).not.toHaveProperty('salary');
  });
  it('more than five tasks are refused by the schema', () => {
    const r = checkSave(null, { ...base, step: 3, tasks: Array.from({ length: 6 }, (_, i) => ({ sortOrder: Math.min(i + 1, 5) })) });
    expect(!r.ok && r.issue.key).toBe('wageValue.errors.tasksCount');
  });
  it('validates a single step only', () => {
    const d = validDraft();
    d.summary = '';
    expect(validateStep('details', d)).toEqual([]);
    expect(validateStep('summary', d)).toEqual([{ path: 'summary', key: 'wageValue.errors.required' }]);
  });
});

describe('settings input', () => {
  const s = (x: string): string => `0190a0c8-0000-7000-8000-00000000000${x}`;
  it('needs the sequence and status lists', () => {
    expect(v.safeParse(SettingsSchema, { statuses: [], sequences: [] }).success).toBe(false);
  });
  it('defaults must be in the lists', () => {
    const parsed = v.parse(SettingsSchema, { statuses: [{ uuid: s('1'), label: 'Nieuw' }], sequences: [{ uuid: s('2'), label: 'Eerste' }], newPlanStatus: s('2') });
    expect(settingsIssue(parsed)).toBe('wageValue.errors.defaultNotInList');
  });
});

describe('numbers', () => {
  it.each([
    ['12,5', 12.5], ['1.234,56', 1234.56], ['12.5', 12.5], ['', null], ['abc', Number.NaN], ['36', 36],
  ])('parses %s', (text, value) => {
    expect(parseDutchNumber(text)).toEqual(value);
  });
  it('formats Dutch', () => {
    expect(formatDutchNumber(1234.5, 2, 2)).toBe('1.234,50');
  });
  it('rounds half up without binary surprises', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(6.225)).toBe(6.23);
    expect(decimalsOf(36.5)).toBe(1);
  });
  it('dates', () => {
    expect(toIsoDate('31-02-2026')).toBeNull();
    expect(toIsoDate('28-02-2026')).toBe('2026-02-28');
    expect(toDutchDate('2026-02-28')).toBe('28-02-2026');
  });
  it('minutes are hours × 60', () => {
    expect(minutesOfHours(13.33)).toBe(799.8);
    expect(minutesOfHours(2.5)).toBe(150);
  });
  it('research flags are stored inverted', () => {
    expect(storedResearchFlags({ companyVisited: true, employeeInterviewed: false, employerInterviewed: true })).toEqual({ companyVisit: false, interviewedEmployee: true, interviewedEmployer: false });
    expect(researchFlags({ companyVisit: false, interviewedEmployee: true, interviewedEmployer: false }).employeeInterviewed).toBe(false);
  });
});
