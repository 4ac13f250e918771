import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { issuesByField } from '../../domain/work-plan/inputs';
import {
  DEFAULT_STAFF,
  KEEP,
  addPlanFormSchema,
  batchFormSchema,
  blueprintFormSchema,
  blueprintPageOf,
  copyFormSchema,
  endPlanFormSchema,
  workOrderFormSchema,
  type AddPlanValues,
  type BlueprintValues,
} from './form-schemas';

const UUID = '0190a6f0-0000-7000-8000-000000000001';
const OTHER = '0190a6f0-0000-7000-8000-000000000002';
/** As the resolver parses: a pipe stops at its first issue (no cross-field check on a field already refused). */
const errorsOf = (schema: v.GenericSchema, values: unknown) => {
  const parsed = v.safeParse(schema, values, { abortPipeEarly: true });
  return parsed.success ? {} : issuesByField(parsed.issues);
};
const rhfOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('work-plan form schemas: the write schema behind the form values', () => {
  const people = [{ id: 7, coachId: 3, managerId: 4 }];
  const add: AddPlanValues = { participantId: '', blueprintId: '', name: '', startDate: '2026-11-27', expectedEndDate: '2027-05-27', coachId: DEFAULT_STAFF, managerId: DEFAULT_STAFF };

  it('add plan: the write’s messages land on the form’s fields; the participant’s own coach and manager by default', () => {
    const schema = addPlanFormSchema({ uuid: UUID, people, hasManager: true });
    expect(errorsOf(schema, add)).toEqual({ participantId: 'workPlans.errors.participantRequired', blueprintId: 'workPlans.errors.blueprintRequired' });
    const ok = v.parse(schema, { ...add, participantId: '7', blueprintId: '2', name: ' Plan ' });
    expect(ok).toMatchObject({ uuid: UUID, participantId: 7, blueprintId: 2, name: 'Plan', coachId: 3, managerId: 4 });
    expect(v.parse(schema, { ...add, participantId: '7', blueprintId: '2', coachId: '', managerId: '9' })).toMatchObject({ coachId: '', managerId: 9 });
    expect(errorsOf(schema, { ...add, participantId: '7', blueprintId: '2', expectedEndDate: '2026-01-01' })).toEqual({ expectedEndDate: 'workPlans.errors.endBeforeStart' });
    // The date field hands over the text as typed when it is no date: refused, not stored.
    expect(errorsOf(schema, { ...add, participantId: '7', blueprintId: '2', startDate: '31-02-2026' })).toEqual({ startDate: 'workPlans.errors.invalidDate' });
    expect('managerId' in v.parse(addPlanFormSchema({ uuid: UUID, people, hasManager: false }), { ...add, participantId: '7', blueprintId: '2' })).toBe(false);
  });

  it('react-hook-form gets the errors by field name, and the write’s input once valid', async () => {
    const resolver = valibotResolver(addPlanFormSchema({ uuid: UUID, people, hasManager: true }));
    const refused = await resolver(add, undefined, rhfOptions);
    expect(Object.keys(refused.errors)).toEqual(['participantId', 'blueprintId']);
    expect(refused.errors.participantId?.message).toBe('workPlans.errors.participantRequired');
    const accepted = await resolver({ ...add, participantId: '7', blueprintId: '2' }, undefined, rhfOptions);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toMatchObject({ uuid: UUID, participantId: 7, blueprintId: 2 });
  });

  it('end plan: date and reason required, not before the start, and a reason with an SRG code when SRG is on', () => {
    const reasons = [{ id: 1, srgValue: null }, { id: 2, srgValue: 'A1' }];
    const schema = endPlanFormSchema({ uuid: UUID, startDate: '2026-01-01', srgEnabled: true, reasons });
    expect(errorsOf(schema, { endDate: '', terminationReasonId: '' })).toEqual({ endDate: 'workPlans.errors.endDateRequired', terminationReasonId: 'workPlans.errors.reasonRequired' });
    expect(errorsOf(schema, { endDate: '2025-12-31', terminationReasonId: '2' })).toEqual({ endDate: 'workPlans.errors.endBeforeStart' });
    expect(errorsOf(schema, { endDate: '2026-02-01', terminationReasonId: '1' })).toEqual({ terminationReasonId: 'workPlans.errors.srgReasonRequired' });
    expect(v.parse(schema, { endDate: '2026-02-01', terminationReasonId: '2' })).toEqual({ uuid: UUID, startDate: '2026-01-01', endDate: '2026-02-01', terminationReasonId: 2 });
    const noSrg = endPlanFormSchema({ uuid: UUID, startDate: '2026-01-01', srgEnabled: false, reasons });
    expect(errorsOf(noSrg, { endDate: '2026-02-01', terminationReasonId: '1' })).toEqual({});
  });

  it('work order: a name required; no discipline is none', () => {
    const schema = workOrderFormSchema(UUID);
    expect(errorsOf(schema, { name: '  ', description: '', disciplineId: '' })).toEqual({ name: 'workPlans.errors.nameRequired' });
    expect(v.parse(schema, { name: 'Magazijn', description: '', disciplineId: '' })).toEqual({ uuid: UUID, name: 'Magazijn', description: null, disciplineId: null });
    expect(v.parse(schema, { name: 'Magazijn', description: 'x', disciplineId: '5' })).toMatchObject({ description: 'x', disciplineId: 5 });
  });

  it('batch change: keep leaves a field out, empty clears it, nothing chosen is refused on the coach field', () => {
    const schema = batchFormSchema([UUID, OTHER]);
    expect(errorsOf(schema, { coachId: KEEP, managerId: KEEP })).toEqual({ coachId: 'workPlans.errors.batchNothingChosen' });
    expect(v.parse(schema, { coachId: '3', managerId: KEEP })).toEqual({ uuids: [UUID, OTHER], coachId: 3 });
    expect(v.parse(schema, { coachId: KEEP, managerId: '' })).toEqual({ uuids: [UUID, OTHER], managerId: '' });
  });

  it('copy a document: a plan must be chosen (the screen’s message), then the write’s uuid rules', () => {
    const schema = copyFormSchema(UUID, OTHER);
    expect(errorsOf(schema, { workPlanUuid: '' })).toEqual({ workPlanUuid: 'copyDocument.chooseRequired' });
    expect(errorsOf(schema, { workPlanUuid: 'not-a-uuid' })).toEqual({ workPlanUuid: 'workPlanFiles.errors.invalid' });
    expect(v.parse(schema, { workPlanUuid: '0190a6f0-0000-7000-8000-000000000003' })).toEqual({ uuid: UUID, sourceUuid: OTHER, workPlanUuid: '0190a6f0-0000-7000-8000-000000000003' });
  });

  it('blueprint wizard: a name and step names required, each error on the page that shows its field', async () => {
    const values: BlueprintValues = { name: '', description: '', categoryId: '', provisionTypeId: '4', steps: [{ label: 'Start', parentIndex: null }, { label: ' ', parentIndex: 0 }], workOrderIds: [3], targets: { b5: 2, s6: null }, participantStatusIds: [0], workplaceIds: [] };
    const schema = blueprintFormSchema(UUID);
    expect(errorsOf(schema, values)).toEqual({ name: 'workPlans.errors.nameRequired', 'steps.1.label': 'workPlans.errors.stepLabelRequired' });
    const refused = await valibotResolver(schema)(values, undefined, rhfOptions);
    expect(refused.errors.steps?.[1]?.label?.message).toBe('workPlans.errors.stepLabelRequired');
    expect(v.parse(schema, { ...values, name: 'Blauwdruk', steps: [{ label: 'Start', parentIndex: null }] })).toMatchObject({
      name: 'Blauwdruk',
      categoryId: null,
      provisionTypeId: 4,
      behaviors: [{ behaviorId: 5, targetScore: 2 }],
      skills: [{ skillId: 6, targetScore: null }],
      workOrderIds: [3],
      participantStatusIds: [0],
    });
    expect(['name', 'steps.1.label', 'behaviors.0.targetScore', 'workplaceIds.0'].map(blueprintPageOf)).toEqual(['basics', 'steps', 'content', 'scope']);
  });
});
