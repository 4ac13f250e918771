import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { calculate } from './calculation';
import { MEASUREMENT_CASES, validDraft } from './measurement-cases';
import { consistencyIssues, validateMeasurement, validateStep } from './validation';
import { checkSave, measurementPatch, SaveMeasurementSchema, SettingsSchema, settingsIssue, stepPayload } from './schemas';
import { decimalsOf, formatDutchNumber, parseDutchNumber, round2, toDutchDate, toIsoDate } from './numbers';
import { minutesOfHours, researchFlags, storedResearchFlags } from './measurement';

describe('measurement cases (calculation and validation)', () => {
  it('has at least 30 cases', () => {
    expect(MEASUREMENT_CASES.length).toBeGreaterThanOrEqual(30);
  });
  it.each(MEASUREMENT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const found = validateMeasurement(c.draft).flatMap((s) => s.issues.map((i) => ({ step: s.step, path: i.path, key: i.key })));
    // Exactly the issues listed on the steps the case is about: an extra issue there (a valid value
    // refused, e.g. "at most 2 decimals" on 18,76 hours) fails the case. Other steps may show the
    // consequences (a missing pace leaves the result step without a work performance), but never a
    // decimals issue the case does not list.
    const steps = new Set(c.issues.map((i) => i.step));
    if (c.issues.length === 0) expect(found).toEqual([]);
    else expect(found.filter((i) => steps.has(i.step))).toEqual(c.issues);
    expect(found.filter((i) => i.key === 'wageValue.errors.decimals')).toEqual(c.issues.filter((i) => i.key === 'wageValue.errors.decimals'));
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

describe('issue 21: figures that hold', () => {
  const uuid = '0190a0c8-0000-7000-8000-000000000021';
  const stored = (d: ReturnType<typeof validDraft>) => ({
    uuid, participantId: 5, status: 'concept' as const, type: d.type, step: 3, summary: d.summary,
    details: d.details, researchActivities: d.researchActivities, tasks: d.tasks, normFunction: d.normFunction, advice: d.advice,
  });

  it('no task-hour value from 0,01 to 48,00 with two decimals is refused for its decimals', () => {
    const refused: string[] = [];
    const d = validDraft({ workingHours: 48, fullTimeHours: 48 });
    for (let hundredths = 1; hundredths <= 4800; hundredths += 1) {
      // As the form reads it: typed Dutch text, parsed, stored as minutes.
      const typed = formatDutchNumber(hundredths / 100, 0, 2);
      const task0 = d.tasks[0];
      if (!task0) throw new Error('no task');
      task0.minutesPerWeek = minutesOfHours(parseDutchNumber(typed));
      const issues = [...validateStep('tasks', d), ...consistencyIssues(d)];
      if (issues.some((i) => i.key === 'wageValue.errors.decimals')) refused.push(typed);
    }
    expect(refused).toEqual([]);
  });

  it('hours with three decimals are still refused', () => {
    const d = validDraft();
    if (d.tasks[0]) d.tasks[0].minutesPerWeek = 16.005 * 60;
    expect(validateStep('tasks', d).map((i) => i.key)).toContain('wageValue.errors.decimals');
  });

  it('working hours changed after the tasks are refused, never a share over 100 %', () => {
    const d = validDraft(); // tasks of 16 + 16 + 8 hours in a 40-hour week
    const r = checkSave(stored(d), { uuid, participantId: 5, type: 1, step: 1, details: { ...d.details, workingHoursPerWeek: 20, startingDate: '02-11-2026', validUntil: '02-11-2027' } });
    expect(r).toEqual({ ok: false, issue: { path: 'details.workingHoursPerWeek', key: 'wageValue.errors.tasksExceedWorkingHours', params: { hours: '40', working: '20' } } });
    // The accepted alternative stays consistent: more hours leave every share at most 100 %.
    const more = checkSave(stored(d), { uuid, participantId: 5, type: 1, step: 1, details: { ...d.details, workingHoursPerWeek: 40, startingDate: '02-11-2026', validUntil: '02-11-2027' } });
    expect(more.ok).toBe(true);
    const after = { ...d, details: { ...d.details, workingHoursPerWeek: 20 } };
    expect(consistencyIssues(after).length).toBeGreaterThan(0);
  });

  it('pace 0 is refused by the tasks step save (the whole measurement is checked)', () => {
    const d = validDraft();
    const tasks = d.tasks.map((t, i) => (i === 0 ? { ...t, percentagePace: 0 } : t));
    const r = checkSave(stored(d), { uuid, participantId: 5, type: 1, step: 3, tasks });
    expect(r).toEqual({ ok: false, issue: { path: 'tasks.0.percentagePace', key: 'wageValue.errors.range', params: { min: '1', max: '100' } } });
  });

  it('the euro amount uses the exact part-time factor (2/3), rounded once', () => {
    const d = validDraft({ type: 2, workingHours: 24, fullTimeHours: 36, tasks: [[24, 57, 100, 100, 100, 100]] });
    d.normFunction = { ...d.normFunction, salary: 2200, holidayAllowancePercentage: 8, emolument: 0 };
    const f = calculate(d);
    expect(f.normWage).toBe(2376);
    expect(f.wageValuePercentage).toBe(57);
    expect(f.partTimeFactor).toBe(0.6667); // as shown
    expect(f.wageValue).toBe(902.88); // 2.376 × 57 % × 2/3, not 902,93 with 0,6667
  });

  it('the 6,25 % minimum is compared before rounding (1,63 of 26,1 hours is 6,2452 %)', () => {
    const d = validDraft({ workingHours: 26.1, fullTimeHours: 48, tasks: [[1.63, 80, 100, 100, 10, 100], [12.24, 80, 100, 100, 45, 100], [12.23, 80, 100, 100, 45, 100]] });
    expect(calculate(d).tasks[0]?.percentageTimeSpent).toBe(6.25);
    expect(validateStep('tasks', d)).toEqual([expect.objectContaining({ path: 'tasks.0.minutesPerWeek', key: 'wageValue.errors.taskPercentage' })]);
  });

  it('the first save of a copy carries every step', () => {
    const d = validDraft();
    d.summary = 'Overgenomen samenvatting';
    const payload = stepPayload(uuid, 5, d, 1, { copiedFromUuid: '0190a0c8-0000-7000-8000-000000000099' });
    const r = checkSave(null, payload);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const patch = measurementPatch(r.value);
    expect(patch.tasks?.map((t) => t.minutesPerWeek)).toEqual(d.tasks.map((t) => t.minutesPerWeek));
    expect(patch.advice?.reassessmentAdvice).toBe(d.advice.reassessmentAdvice);
    expect(patch.researchActivities?.reportDate).toBe(d.researchActivities.reportDate);
    expect(patch.summary).toBe('Overgenomen samenvatting');
    // A later step's save of the copy carries only its own group.
    expect(stepPayload(uuid, 5, d, 2)).not.toHaveProperty('tasks');
  });
});
