import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { measurementSteps } from '../../domain/wage-value/constants';
import { validDraft } from '../../domain/wage-value/measurement-cases';
import { emptyDraft } from '../../domain/wage-value/measurement';
import { errorNameOf, errorsOf, measurementIssues, measurementResolver, shownIssues, stepOfPath, type SaveContext } from './measurement-form';
import { NoteFormSchema, settingsResolver, type Editable } from './form-schemas';

const UUID = '0193a6f0-7c1e-7000-8000-000000000001';
const at = (step: (typeof measurementSteps)[number], extra: Partial<SaveContext> = {}): SaveContext =>
  ({ uuid: UUID, stepIndex: measurementSteps.indexOf(step), participantId: 7, copiedFromUuid: null, ...extra });
const translate = (key: string, params: Record<string, string | number>) => `${key}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`;

describe('the measurement wizard on react-hook-form', () => {
  it('refuses a save without a participant before anything else', () => {
    expect(measurementIssues(validDraft(), at('details', { participantId: null }))).toEqual([{ path: 'participantId', key: 'wageValue.wizard.participantRequired' }]);
  });

  it('a complete measurement saves at every step', () => {
    for (const step of measurementSteps) expect(measurementIssues(validDraft(), at(step))).toEqual([]);
  });

  it('checks the step saved with the server’s rules: an empty details step names each required field', () => {
    const issues = measurementIssues(emptyDraft(), at('details'));
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(['details.startingDate', 'details.employerName', 'details.fullTimeHours']));
    expect(issues.every((i) => stepOfPath(i.path) === 'details')).toBe(true);
  });

  it('working hours lowered after the tasks were saved: refused on the working-hours field, never a share over 100 %', () => {
    const draft = validDraft();
    draft.details.workingHoursPerWeek = 20;
    const issues = measurementIssues(draft, at('details'));
    expect(issues).toContainEqual(expect.objectContaining({ path: 'details.workingHoursPerWeek', key: 'wageValue.errors.tasksExceedWorkingHours' }));
    // Saved from the summary step, the same check lands on the same field, which lives on step 1.
    const fromSummary = measurementIssues(draft, at('summary'));
    const issue = fromSummary.find((i) => i.key === 'wageValue.errors.tasksExceedWorkingHours');
    expect(issue?.path).toBe('details.workingHoursPerWeek');
    expect(stepOfPath(issue?.path ?? '')).toBe('details');
  });

  it('a copy’s first save carries every step but is checked as the server checks it (only its own step complete)', () => {
    const draft = validDraft();
    draft.summary = '';
    expect(measurementIssues(draft, at('details', { copiedFromUuid: UUID }))).toEqual([]);
  });

  it('an unreadable date is refused on its field', () => {
    const draft = validDraft();
    draft.researchActivities.reportDate = '31-02-20';
    expect(measurementIssues(draft, at('researchActivities'))).toContainEqual(expect.objectContaining({ path: 'researchActivities.reportDate', key: 'wageValue.errors.dateInvalid' }));
  });

  it('puts each issue on its field, a group’s own message on <group>.root, and reads them back', () => {
    expect(errorNameOf('tasks')).toBe('tasks.root');
    expect(errorNameOf('tasks.2.minutesPerWeek')).toBe('tasks.2.minutesPerWeek');
    expect(errorNameOf('result')).toBe('result');
    const errors = errorsOf([
      { path: 'tasks', key: 'wageValue.errors.totalPercentage', params: { total: '98,44' } },
      { path: 'tasks.2.minutesPerWeek', key: 'wageValue.errors.required' },
      { path: 'tasks.2.minutesPerWeek', key: 'wageValue.errors.notNumber' },
      { path: 'type', key: 'wageValue.errors.optionInvalid' },
    ], translate);
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(shownIssues(errors).sort(byPath)).toEqual([
      { path: 'tasks', message: 'wageValue.errors.totalPercentage {"total":"98,44"}' },
      { path: 'tasks.2.minutesPerWeek', message: 'wageValue.errors.required' },
      { path: 'type', message: 'wageValue.errors.optionInvalid' },
    ]);
  });

  it('knows the step of every field (the task fields are spread over three steps)', () => {
    expect(stepOfPath('tasks.0.description')).toBe('tasks');
    expect(stepOfPath('tasks.0.explanation')).toBe('tasks');
    expect(stepOfPath('tasks.4.paceExplanation')).toBe('workPerformance');
    expect(stepOfPath('tasks.1.percentageNetWorkingTime')).toBe('workPerformance');
    expect(stepOfPath('tasks.1.percentageOverlap')).toBe('normFunction');
    expect(stepOfPath('normFunction.salary')).toBe('normFunction');
    expect(stepOfPath('type')).toBe('details');
    expect(stepOfPath('result')).toBe('result');
    expect(stepOfPath('summary')).toBe('summary');
  });

  it('the resolver reads the step being saved at each validation', async () => {
    const draft = validDraft();
    draft.summary = '';
    const opts = { fields: {}, shouldUseNativeValidation: false } as never;
    expect((await measurementResolver(draft, { ...at('details'), translate }, opts)).errors).toEqual({});
    const refused = await measurementResolver(draft, { ...at('summary'), translate }, opts);
    expect(shownIssues(refused.errors)).toEqual([{ path: 'summary', message: 'wageValue.errors.required' }]);
  });
});

describe('the plan notes and settings forms use the write’s schema', () => {
  it('a note needs a readable date and a text', () => {
    expect(v.safeParse(NoteFormSchema, { noteDate: '05-11-2026', text: ' Afspraak ' }).output).toEqual({ noteDate: '2026-11-05', text: 'Afspraak' });
    const refused = v.safeParse(NoteFormSchema, { noteDate: '31-13-2026', text: '  ' });
    expect(refused.issues?.map((i) => [i.path?.[0]?.key, i.message])).toEqual([['noteDate', 'wageValue.errors.dateInvalid'], ['text', 'wageValue.errors.required']]);
  });

  it('settings: an empty label on its field, a label twice as the form’s message', async () => {
    const entry = (uuid: string, label: string) => ({ id: null, uuid, label, locked: false });
    const base: Editable = {
      statuses: [entry('0193a6f0-7c1e-7000-8000-000000000011', 'Gepland')], sequences: [entry('0193a6f0-7c1e-7000-8000-000000000012', 'Eerste')], regions: [],
      newPlanStatus: null, newPlanMeasurementSequence: null, definitivePlanStatus: null, definitivePlanMeasurementSequence: null,
    };
    const opts = { fields: {}, shouldUseNativeValidation: false } as never;
    expect((await settingsResolver(base, undefined, opts)).errors).toEqual({});
    const empty = await settingsResolver({ ...base, statuses: [entry('0193a6f0-7c1e-7000-8000-000000000011', ' ')] }, undefined, opts);
    expect(empty.errors.statuses?.[0]?.label?.message).toBe('wageValue.errors.required');
    const twice = await settingsResolver({ ...base, sequences: [...base.sequences, entry('0193a6f0-7c1e-7000-8000-000000000013', 'eerste')] }, undefined, opts);
    expect(twice.errors.root?.settings?.message).toBe('wageValue.errors.duplicateLabel');
  });
});
