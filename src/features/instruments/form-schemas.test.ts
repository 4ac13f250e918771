import type { FieldErrors, FieldValues, ResolverOptions, ResolverResult } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { newOutboxRow, type OutboxRow } from '../../domain/sync/outbox-machine';
import { instrumentFieldOf, instrumentResolver, matchResolver, planRefusedField, planResolver, refusedField, type InstrumentValues, type MatchValues, type PlanValues } from './form-schemas';
import { refusalOf } from './use-refusal';

const UUID = '0190a8f0-0000-7000-8000-0000000000a1';
/** What react-hook-form passes a resolver, for a form without registered fields. */
const opts = <T extends FieldValues>(): ResolverOptions<T> => ({ fields: {}, shouldUseNativeValidation: false });
async function run<V extends object>(result: Promise<ResolverResult<V, unknown>> | ResolverResult<V, unknown>): Promise<{ values: unknown; errors: FieldErrors<V> }> {
  return (await result);
}
/** The message at a dotted path of react-hook-form's nested errors. */
function at(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return (node as { message?: string } | undefined)?.message;
}

const instrument = (patch: Partial<InstrumentValues> = {}): InstrumentValues => ({
  name: 'Heftruckcertificaat',
  description: '',
  categoryId: '',
  competencySystemId: '',
  provisionTypeId: '',
  childcareAllowance: false,
  profile: '',
  kwnwStep: '',
  participantStatusIds: [],
  sections: { aim: '', method: '', targetGroup: '', duration: '', costs: '', result: '', conditions: '' },
  links: { disciplineIds: [], skillIds: [], competencyIds: [], workOrderIds: [], workplaceIds: [3, 1], criterionIds: [] },
  ...patch,
});

describe('instrument form on saveInstrument\'s schema', () => {
  it('puts an issue of the n-th section sent on the text box of that section, and ids on their pick list', () => {
    const fieldOf = instrumentFieldOf(instrument({ sections: { aim: '', method: 'Praktijk', targetGroup: '', duration: '', costs: 'x', result: '', conditions: '' } }));
    expect(fieldOf('sections.1.text')).toBe('sections.costs');
    expect(fieldOf('sections.0.text')).toBe('sections.method');
    expect(fieldOf('workplaceIds.2')).toBe('links.workplaceIds');
    expect(fieldOf('participantStatusIds.0')).toBe('participantStatusIds');
    expect(fieldOf('name')).toBe('name');
  });

  it('refuses a blank name and a section over 5000 characters at their fields; a valid form gives the write\'s input', async () => {
    const resolve = instrumentResolver(UUID);
    const bad = await run(resolve(instrument({ name: '  ', sections: { ...instrument().sections, duration: 'x'.repeat(5001) } }), undefined, opts()));
    expect(at(bad.errors, 'name')).toBe('instruments.errors.nameRequired');
    expect(at(bad.errors, 'sections.duration')).toBe('instruments.errors.textTooLong');
    const good = await run(resolve(instrument({ categoryId: '7', sections: { ...instrument().sections, aim: 'Certificaat' } }), undefined, opts()));
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ uuid: UUID, name: 'Heftruckcertificaat', categoryId: 7, workplaceIds: [1, 3], sections: [{ key: 'aim', text: 'Certificaat' }] });
  });
});

describe('linking and matching on saveInstrumentMatch\'s schema', () => {
  const resolve = matchResolver({ instrumentId: 4 });
  const match = (patch: Partial<MatchValues>): MatchValues => ({ participantIds: [1, 2], startDate: '2031-05-01', endDate: '2031-07-31', ...patch });

  it('says "at least one participant" at the choice and "end not before start" at the end date', async () => {
    expect(at((await run(resolve(match({ participantIds: [] }), undefined, opts()))).errors, 'participantIds')).toBe('instruments.errors.participantRequired');
    expect(at((await run(resolve(match({ endDate: '2031-04-30' }), undefined, opts()))).errors, 'endDate')).toBe('instruments.errors.endBeforeStart');
  });

  it('refuses a date field\'s half-typed text (the text itself reaches the schema) and an empty one', async () => {
    const { errors } = await run(resolve(match({ startDate: '12-05', endDate: '' }), undefined, opts()));
    expect(at(errors, 'startDate')).toBe('instruments.errors.invalidDate');
    expect(at(errors, 'endDate')).toBe('instruments.errors.endDateRequired');
  });

  it('gives the write\'s input for a valid choice', async () => {
    const { values, errors } = await run(matchResolver({ instrumentId: 4, caseId: 9, criteriaIds: [5] })(match({}), undefined, opts()));
    expect(errors).toEqual({});
    expect(values).toMatchObject({ instrumentId: 4, caseId: 9, criteriaIds: [5], participantIds: [1, 2], startDate: '2031-05-01', endDate: '2031-07-31' });
  });
});

describe('plan of approach on savePlanOfApproach\'s schema', () => {
  const resolve = planResolver({ uuid: UUID, participantId: 12 });
  const plan = (patch: Partial<PlanValues>): PlanValues => ({ goal: 'Werk in de logistiek', strengths: 'Punctueel\n\nSterk', obstacles: '', agreements: [], status: 'open', ...patch });

  it('puts the goal, an agreement\'s text and its due date on their own fields', async () => {
    const { errors } = await run(resolve(plan({ goal: ' ', agreements: [{ description: 'Certificaat halen', due: '2027-01-15' }, { description: ' ', due: '31-02-2027' }] }), undefined, opts()));
    expect(at(errors, 'goal')).toBe('instruments.errors.goalRequired');
    expect(at(errors, 'agreements.0.description')).toBeUndefined();
    expect(at(errors, 'agreements.1.description')).toBe('instruments.errors.lineRequired');
    expect(at(errors, 'agreements.1.due')).toBe('instruments.errors.invalidDate');
  });

  it('sends lines as lists and an agreement without a due date as null', async () => {
    const { values, errors } = await run(resolve(plan({ agreements: [{ description: 'Certificaat halen', due: '' }] }), undefined, opts()));
    expect(errors).toEqual({});
    expect(values).toEqual({ uuid: UUID, participantId: 12, status: 'open', content: { goal: 'Werk in de logistiek', strengths: ['Punctueel', 'Sterk'], obstacles: [], agreements: [{ description: 'Certificaat halen', due: null }] } });
  });
});

describe('a refusal from the server on the form', () => {
  it('puts a field code on its field, and anything else on the form as a whole', () => {
    expect(refusedField('workplaceIds')).toBe('links.workplaceIds');
    expect(refusedField('criteriaIds')).toBe('links.criterionIds');
    expect(refusedField('name')).toBe('name');
    expect(refusedField(null)).toBeNull();
    expect(refusedField('uuid')).toBeNull();
    expect(planRefusedField('goal')).toBe('goal');
    expect(planRefusedField(null)).toBeNull();
  });

  it('finds the refused write of this instrument, not a network failure nor another instrument\'s', () => {
    const row = (id: string, target: string, status: OutboxRow['status'], error: string | null): OutboxRow => ({
      ...newOutboxRow({ clientMutationId: id, op: 'instruments.saveInstrument', args: {}, target, collection: 'instruments' }, 0),
      status,
      error,
    });
    const rows = [row('a', UUID, 'pending', 'network'), row('b', 'other', 'failed', 'instruments.errors.notAllowed'), row('c', UUID, 'pending', null)];
    expect(refusalOf(rows, 'instruments.saveInstrument', UUID)).toBeNull();
    const refused = row('d', UUID, 'failed', 'instruments.errors.linkNotFound');
    expect(refusalOf([...rows, refused], 'instruments.saveInstrument', UUID)).toBe(refused);
  });
});
