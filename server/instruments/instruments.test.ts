import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import type { NavigationAnswer } from '../../src/domain/navigation/menu-types';

/**
 * The instrument, workplace, case and knowledge-test names of the spec on the demo data: the allowed role
 * gets the right rows, another company and a coach outside the caseload get nothing, bad input a reason.
 */
let demo: DemoApp;
let company1 = 0;
let company2 = 0;
let lotte = 0; // the demo participant: coach `coach`, manager `manager`
let otherParticipant = 0; // company 1, outside the caseload of `coach` and `manager`
let participant2 = 0; // company 2
let caseId = 0;

interface Answer {
  success: boolean;
  reason: string | null;
  params?: Record<string, unknown> | null;
}
type Gql<T> = { data: T | null; errors?: { message: string; extensions?: { code?: string; reason?: string } }[] };

async function write(user: string, name: string, input: Record<string, unknown>): Promise<Answer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await demo.gql<Record<string, Answer>>(user, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason params } }`, { input: { ...input, clientMutationId: uuidv7() } });
  if (res.errors) throw new Error(res.errors.map((e) => e.message).join(', '));
  return res.data!.r!;
}
const rows = async <T>(q: string, values: unknown[] = []): Promise<T[]> => (await demo.db.query<T>(q, values)).rows;
const one = async <T>(q: string, values: unknown[] = []): Promise<T> => (await rows<T>(q, values))[0]!;
const num = async (q: string, values: unknown[] = []): Promise<number> => Number((await one<{ n: number }>(q, values)).n);

beforeAll(async () => {
  demo = await createDemoApp();
  const p = await one<{ id: number; company_id: number }>('SELECT p.id, p.company_id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = $1', ['participant']);
  lotte = Number(p.id);
  company1 = Number(p.company_id);
  const p2 = await one<{ id: number; company_id: number }>('SELECT p.id, p.company_id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = $1', ['participant2']);
  participant2 = Number(p2.id);
  company2 = Number(p2.company_id);
  const [coach, manager] = [await demo.userId('coach'), await demo.userId('manager')];
  otherParticipant = await num(
    'SELECT id AS n FROM participants WHERE company_id = $1 AND coach_id IS DISTINCT FROM $2 AND manager_id IS DISTINCT FROM $3 AND display = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
    [company1, coach, manager],
  );
  caseId = await num(`INSERT INTO cases (company_id, participant_id, manager_id, name, reference, start_date) VALUES ($1, $2, $3, 'Traject Lotte', 'C-1', '2026-01-05') RETURNING id AS n`, [company1, lotte, manager]);
}, 120_000);

afterAll(async () => {
  await demo.db.close();
});

describe('matchingCategories', () => {
  it('answers the company categories with their criteria and occurrences to staff', async () => {
    const res = await demo.gql<{ matchingCategories: { id: string; label: string; singleSelection: boolean; criteria: { id: string; occurrences: number }[] }[] }>(
      'manager',
      '{ matchingCategories { id label singleSelection criteria { id label occurrences } } }',
    );
    expect(res.errors).toBeUndefined();
    const expected = await num('SELECT count(*)::int AS n FROM matching_categories WHERE company_id = $1 AND deleted_at IS NULL', [company1]);
    expect(expected).toBeGreaterThan(0);
    expect(res.data!.matchingCategories).toHaveLength(expected);
    const criterion = res.data!.matchingCategories[0]!.criteria[0]!;
    const occurrences = await num(
      'SELECT count(*)::int AS n FROM instrument_criteria ic JOIN instruments i ON i.id = ic.instrument_id WHERE ic.criterion_id = $1 AND i.deleted_at IS NULL',
      [Number(criterion.id)],
    );
    expect(criterion.occurrences).toBe(occurrences);
    const own = await rows<{ id: number }>('SELECT id FROM matching_categories WHERE company_id = $1', [company1]);
    const other = await demo.gql<{ matchingCategories: { id: string }[] }>('admin2', '{ matchingCategories { id } }');
    expect(other.data!.matchingCategories.length).toBeGreaterThan(0);
    expect(other.data!.matchingCategories.some((c) => own.some((o) => Number(o.id) === Number(c.id)))).toBe(false);
  });

  it('answers nothing to a participant (instruments are staff data)', async () => {
    const res = await demo.gql<{ matchingCategories: unknown[] }>('participant', '{ matchingCategories { id } }');
    expect(res.data!.matchingCategories).toEqual([]);
  });
});

describe('instrumentsMatch', () => {
  it('without filters every instrument of the company matches fully', async () => {
    const res = await demo.gql<{ instrumentsMatch: { match: number; instrument: { id: string } }[] }>('coach', '{ instrumentsMatch { match instrument { id name description details matchingCategories { id } } } }');
    expect(res.errors).toBeUndefined();
    const count = await num('SELECT count(*)::int AS n FROM instruments WHERE company_id = $1 AND deleted_at IS NULL', [company1]);
    expect(res.data!.instrumentsMatch).toHaveLength(count);
    expect(res.data!.instrumentsMatch.every((m) => m.match === 100)).toBe(true);
  });

  it('ranks by the chosen filters and answers only instruments meeting them', async () => {
    const criterion = await one<{ criterion_id: number }>('SELECT ic.criterion_id FROM instrument_criteria ic WHERE ic.company_id = $1 ORDER BY ic.criterion_id LIMIT 1', [company1]);
    const meeting = await rows<{ instrument_id: number }>('SELECT DISTINCT instrument_id FROM instrument_criteria WHERE criterion_id = $1', [criterion.criterion_id]);
    const res = await demo.gql<{ instrumentsMatch: { match: number; instrument: { id: string; matchingCategories: { id: string }[] } }[] }>(
      'manager',
      'query($f: [ID!]) { instrumentsMatch(matchingFilters: $f) { match instrument { id matchingCategories { id } } } }',
      { f: [String(criterion.criterion_id)] },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.instrumentsMatch.map((m) => Number(m.instrument.id)).sort()).toEqual(meeting.map((m) => Number(m.instrument_id)).sort());
    expect(res.data!.instrumentsMatch.every((m) => m.match === 100)).toBe(true);
    const category = await one<{ category_id: number }>('SELECT category_id FROM matching_criteria WHERE id = $1', [criterion.criterion_id]);
    expect(res.data!.instrumentsMatch[0]!.instrument.matchingCategories.map((c) => Number(c.id))).toContain(Number(category.category_id));
    // every instrument with every category with every criterion: lists in lists in lists, refused before it
    // runs by the row-cost limit (issue 20; 50 × 50 × 50 rows assumed)
    const deep = await demo.gql('manager', 'query($f: [ID!]) { instrumentsMatch(matchingFilters: $f) { instrument { matchingCategories { criteria { id } } } } }', { f: [String(criterion.criterion_id)] });
    expect(deep.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_EXPENSIVE');
  });

  it("another company's filters cannot be met, and a case outside the caseload answers nothing", async () => {
    const criterion = await one<{ id: number }>('SELECT id FROM matching_criteria WHERE company_id = $1 LIMIT 1', [company1]);
    const other = await demo.gql<{ instrumentsMatch: unknown[] }>('admin2', 'query($f: [ID!]) { instrumentsMatch(matchingFilters: $f) { match } }', { f: [String(criterion.id)] });
    expect(other.errors).toBeUndefined();
    expect(other.data!.instrumentsMatch).toEqual([]);
    const mine = await demo.gql<{ instrumentsMatch: unknown[] }>('coach', 'query($c: ID) { instrumentsMatch(caseId: $c) { match } }', { c: String(caseId) });
    expect(mine.data!.instrumentsMatch.length).toBeGreaterThan(0);
    const outside = await demo.gql<{ instrumentsMatch: unknown[] }>('yasmina_elamrani', 'query($c: ID) { instrumentsMatch(caseId: $c) { match } }', { c: String(caseId) });
    expect(outside.data!.instrumentsMatch).toEqual([]);
  });

  it('a bad filter answers its reason, not a server error', async () => {
    const res = await demo.gql('manager', '{ instrumentsMatch(matchingFilters: ["abc"]) { match } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((res as Gql<unknown>).errors?.[0]?.extensions?.reason).toBe('instruments.errors.invalidId');
  });
});

describe('saveInstrument', () => {
  const uuid = randomUUID();
  it('a manager creates an instrument with its links, then edits it', async () => {
    const criteria = await rows<{ id: number }>('SELECT id FROM matching_criteria WHERE company_id = $1 ORDER BY id LIMIT 2', [company1]);
    const discipline = await one<{ id: number }>('SELECT id FROM disciplines WHERE company_id = $1 LIMIT 1', [company1]);
    const created = await write('manager', 'saveInstrument', {
      uuid, name: 'Sollicitatietraining', description: 'Vier bijeenkomsten', childcareAllowance: true, kwnwStep: 'workPlan',
      participantStatusIds: [3, 4], sections: [{ key: 'aim', text: 'Werk vinden' }], criterionIds: criteria.map((c) => Number(c.id)), disciplineIds: [Number(discipline.id)],
    });
    expect(created).toMatchObject({ success: true });
    const row = await one<{ id: number; name: string; childcare_allowance: boolean; sections: Record<string, string>; participant_status_ids: number[] }>('SELECT * FROM instruments WHERE uuid = $1', [uuid]);
    expect(row).toMatchObject({ name: 'Sollicitatietraining', childcare_allowance: true, sections: { aim: 'Werk vinden' }, participant_status_ids: [3, 4] });
    expect(await num('SELECT count(*)::int AS n FROM instrument_criteria WHERE instrument_id = $1', [row.id])).toBe(2);
    const edited = await write('manager', 'saveInstrument', { uuid, name: 'Sollicitatietraining plus', criterionIds: [] });
    expect(edited.success).toBe(true);
    const after = await one<{ name: string; description: string; childcare_allowance: boolean }>('SELECT * FROM instruments WHERE uuid = $1', [uuid]);
    expect(after).toMatchObject({ name: 'Sollicitatietraining plus', description: 'Vier bijeenkomsten', childcare_allowance: true });
    expect(await num('SELECT count(*)::int AS n FROM instrument_criteria WHERE instrument_id = $1', [row.id])).toBe(0);
    expect(await num('SELECT count(*)::int AS n FROM instrument_disciplines WHERE instrument_id = $1', [row.id])).toBe(1);
    expect(await num("SELECT count(*)::int AS n FROM audit_log WHERE action IN ('write.saveInstrument', 'instrument.create', 'instrument.update') AND subject_id IN ($1, $2)", [uuid, String(row.id)])).toBe(4);
  });

  it('a coach may not, another company cannot reach it, and links must be the company\'s', async () => {
    expect(await write('coach', 'saveInstrument', { uuid: randomUUID(), name: 'X' })).toMatchObject({ success: false, reason: 'instruments.errors.notAllowed' });
    expect(await write('admin2', 'saveInstrument', { uuid, name: 'Overgenomen' })).toMatchObject({ success: false, reason: 'instruments.errors.notFound' });
    expect((await one<{ name: string }>('SELECT name FROM instruments WHERE uuid = $1', [uuid])).name).toBe('Sollicitatietraining plus');
    const foreign = await one<{ id: number }>('SELECT id FROM disciplines WHERE company_id = $1 LIMIT 1', [company2]);
    expect(await write('manager', 'saveInstrument', { uuid: randomUUID(), name: 'Y', disciplineIds: [Number(foreign.id)] })).toMatchObject({
      success: false, reason: 'instruments.errors.linkNotFound', params: { field: 'disciplineIds' },
    });
  });

  it('bad input answers the rule', async () => {
    expect(await write('manager', 'saveInstrument', { uuid: randomUUID(), name: '   ' })).toMatchObject({ success: false, reason: 'instruments.errors.nameRequired' });
    expect(await write('manager', 'saveInstrument', { uuid: 'nope', name: 'Z' })).toMatchObject({ success: false, reason: 'instruments.errors.invalidId' });
    expect(await write('manager', 'saveInstrument', { uuid: randomUUID(), name: 'Z', sections: [{ key: 'nonsense', text: 'x' }] })).toMatchObject({ success: false, reason: 'instruments.errors.invalidSection' });
  });
});

describe('saveInstrumentMatch', () => {
  let instrumentId = 0;
  beforeAll(async () => {
    instrumentId = await num('SELECT id AS n FROM instruments WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [company1]);
  });

  it('a manager links an instrument to participants of the caseload, once per period', async () => {
    const uuid = randomUUID();
    const second = await num('SELECT id AS n FROM participants WHERE manager_id = $1 AND id <> $2 AND display = 1 ORDER BY id LIMIT 1', [await demo.userId('manager'), lotte]);
    const answer = await write('manager', 'saveInstrumentMatch', { uuid, instrumentId, participantIds: [lotte, second], startDate: '2030-01-01', endDate: '2030-03-31' });
    expect(answer).toMatchObject({ success: true });
    const made = await rows<{ participant_id: number; uuid: string }>("SELECT participant_id, uuid FROM instrument_matches WHERE instrument_id = $1 AND start_date = '2030-01-01' ORDER BY participant_id", [instrumentId]);
    expect(made.map((m) => Number(m.participant_id)).sort((a, b) => a - b)).toEqual([lotte, second].sort((a, b) => a - b));
    expect(made.find((m) => Number(m.participant_id) === lotte)?.uuid).toBe(uuid);
    // editing the first match moves its period
    expect(await write('manager', 'saveInstrumentMatch', { uuid, instrumentId, participantIds: [lotte], startDate: '2030-02-01', endDate: '2030-04-30', caseId })).toMatchObject({ success: true });
    expect(await one('SELECT start_date::text AS s, case_id::int AS c FROM instrument_matches WHERE uuid = $1', [uuid])).toEqual({ s: '2030-02-01', c: caseId });
    // a second link of the same participant in an overlapping period is refused
    expect(await write('manager', 'saveInstrumentMatch', { uuid: randomUUID(), instrumentId, participantIds: [second], startDate: '2030-03-01', endDate: '2030-05-01' })).toMatchObject({
      success: false, reason: 'instruments.errors.alreadyMatched',
    });
  });

  it('participants outside the caseload or company, and users who may not edit participants, are refused', async () => {
    const base = { instrumentId, startDate: '2031-01-01', endDate: '2031-02-01' };
    expect(await write('manager', 'saveInstrumentMatch', { ...base, uuid: randomUUID(), participantIds: [otherParticipant] })).toMatchObject({ success: false, reason: 'instruments.errors.participantNotFound' });
    expect(await write('manager', 'saveInstrumentMatch', { ...base, uuid: randomUUID(), participantIds: [participant2] })).toMatchObject({ success: false, reason: 'instruments.errors.participantNotFound' });
    // a coach links participants of the caseload (participants:edit); a participant may not
    expect(await write('participant', 'saveInstrumentMatch', { ...base, uuid: randomUUID(), participantIds: [lotte] })).toMatchObject({ success: false, reason: 'instruments.errors.notAllowed' });
    expect(await write('admin2', 'saveInstrumentMatch', { ...base, uuid: randomUUID(), participantIds: [participant2] })).toMatchObject({ success: false, reason: 'instruments.errors.instrumentNotFound' });
  });

  it('a coach links two participants of the caseload; the instrument row lists its links for the replica', async () => {
    const coach = await demo.userId('coach');
    const two = await rows<{ id: number }>('SELECT id FROM participants WHERE coach_id = $1 AND display = 1 AND deleted_at IS NULL ORDER BY id LIMIT 2', [coach]);
    expect(two).toHaveLength(2);
    const answer = await write('coach', 'saveInstrumentMatch', { uuid: randomUUID(), instrumentId, participantIds: two.map((p) => Number(p.id)), startDate: '2032-01-01', endDate: '2032-01-01' });
    expect(answer).toMatchObject({ success: true });
    expect(await num("SELECT count(*)::int AS n FROM instrument_matches WHERE instrument_id = $1 AND start_date = '2032-01-01'", [instrumentId])).toBe(2);
    const row = await one<{ criterion_ids: number[]; n: number }>('SELECT criterion_ids, (SELECT count(*)::int FROM instrument_criteria WHERE instrument_id = $1) AS n FROM instruments WHERE id = $1', [instrumentId]);
    expect(row.criterion_ids).toHaveLength(Number(row.n));
  });

  it('the spec\'s rules: start and end date required, at least one participant, end not before start', async () => {
    const base = { uuid: randomUUID(), instrumentId, participantIds: [lotte], startDate: '2031-01-01', endDate: '2031-02-01' };
    expect(await write('manager', 'saveInstrumentMatch', { ...base, startDate: '' })).toMatchObject({ success: false, reason: 'instruments.errors.startDateRequired' });
    expect(await write('manager', 'saveInstrumentMatch', { ...base, participantIds: [] })).toMatchObject({ success: false, reason: 'instruments.errors.participantRequired' });
    expect(await write('manager', 'saveInstrumentMatch', { ...base, endDate: '2030-12-31' })).toMatchObject({ success: false, reason: 'instruments.errors.endBeforeStart' });
  });
});

describe('workplaces', () => {
  it('staff get the company workplaces with employer; participants without; other companies none', async () => {
    const total = await num('SELECT count(*)::int AS n FROM workplaces WHERE company_id = $1 AND deleted_at IS NULL', [company1]);
    const staff = await demo.gql<{ workplaces: { totalItems: number; records: { id: string; address: { city: string | null }; business: { name: string } | null }[] } }>(
      'coach',
      '{ workplaces(perPage: 0) { totalItems records { id name contact phone availableSince notes address { street housenumber zipcode city } business { id name } } } }',
    );
    expect(staff.errors).toBeUndefined();
    expect(staff.data!.workplaces.totalItems).toBe(total);
    expect(staff.data!.workplaces.records.some((w) => w.business !== null)).toBe(true);
    const own = await demo.gql<{ workplaces: { totalItems: number; records: { business: unknown }[] } }>('participant', '{ workplaces(perPage: 0) { totalItems records { business { id } } } }');
    expect(own.data!.workplaces.totalItems).toBe(total);
    expect(own.data!.workplaces.records.every((w) => w.business === null)).toBe(true);
    const ids = new Set(staff.data!.workplaces.records.map((w) => w.id));
    const other = await demo.gql<{ workplaces: { records: { id: string }[] } }>('admin2', '{ workplaces(perPage: 0) { records { id } } }');
    expect(other.data!.workplaces.records.some((w) => ids.has(w.id))).toBe(false);
    const page = await demo.gql<{ workplaces: { records: unknown[] } }>('coach', '{ workplaces(perPage: 2, page: 1) { records { id } } }');
    expect(page.data!.workplaces.records).toHaveLength(Math.min(2, total));
  });

  it('a bad date answers its reason', async () => {
    const res = (await demo.gql('coach', '{ workplaces(availableOn: "2026-02-30") { totalItems } }')) as Gql<unknown>;
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'instruments.errors.invalidDate' });
  });
});

describe('case', () => {
  it('staff with the participant in their caseload read it; others get null', async () => {
    const q = 'query($id: ID!) { case(id: $id) { id name reference status startDate participant { id lastname } manager { id } workPlans { id } instrumentMatches { id instrumentName } wageValueMeasurements { id } } }';
    const coach = await demo.gql<{ case: { name: string; participant: { id: string }; startDate: string } | null }>('coach', q, { id: String(caseId) });
    expect(coach.errors).toBeUndefined();
    expect(coach.data!.case).toMatchObject({ name: 'Traject Lotte', startDate: '2026-01-05', participant: { id: String(lotte) } });
    for (const user of ['yasmina_elamrani', 'coach2', 'admin2', 'participant']) {
      const res = await demo.gql<{ case: unknown }>(user, q, { id: String(caseId) });
      expect(res.data?.case ?? null, user).toBeNull();
    }
    const bad = await demo.gql<{ case: unknown }>('coach', q, { id: 'abc' });
    expect(bad.data!.case).toBeNull();
  });
});

describe('participantTests', () => {
  beforeAll(async () => {
    const test = await num("INSERT INTO knowledge_tests (company_id, name, max_score, pass_score) VALUES ($1, 'Veiligheid op de werkvloer', 20, 12) RETURNING id AS n", [company1]);
    await demo.db.query("INSERT INTO participant_tests (company_id, participant_id, test_id, status, score, time_started, time_completed) VALUES ($1, $2, $3, 'completed', 14, now() - interval '1 hour', now())", [company1, lotte, test]);
    await demo.db.query("INSERT INTO participant_tests (company_id, participant_id, test_id, status) VALUES ($1, $2, $3, 'open')", [company1, lotte, test]);
  });

  it('the participant and their coach read the tests; others get none', async () => {
    const q = 'query($p: ID!) { participantTests(participantId: $p) { id status score passed timeCompleted test { name maxScore passScore } } }';
    for (const user of ['participant', 'coach', 'admin']) {
      const res = await demo.gql<{ participantTests: { status: string; passed: boolean | null; test: { name: string } }[] }>(user, q, { p: String(lotte) });
      expect(res.errors, user).toBeUndefined();
      expect(res.data!.participantTests, user).toHaveLength(2);
      expect(res.data!.participantTests.find((t) => t.status === 'completed')).toMatchObject({ passed: true, test: { name: 'Veiligheid op de werkvloer' } });
      expect(res.data!.participantTests.find((t) => t.status === 'open')?.passed).toBeNull();
    }
    for (const user of ['yasmina_elamrani', 'coach2', 'participant2']) {
      const res = await demo.gql<{ participantTests: unknown[] }>(user, q, { p: String(lotte) });
      expect(res.data!.participantTests, user).toEqual([]);
    }
  });
});

/**
 * The company switches of the area (useInstruments; kwnwVersion with the four KWNW access flags): every
 * query, write, pull and the menu of the area follow them. Runs last: it changes company 1's settings.
 */
describe('useInstruments, kwnwVersion and the KWNW access flags', () => {
  const setSettings = async (patch: Record<string, unknown>) => {
    await demo.db.query('UPDATE companies SET settings = settings || $1::jsonb WHERE id = $2', [JSON.stringify(patch), company1]);
  };
  const pulled = async (user: string, name: CollectionName): Promise<number> => {
    const field = pullFieldName(name);
    const res = await demo.gql<Record<string, { documents: { _deleted?: boolean }[] }>>(
      user,
      `query($cp: PullCheckpointInput!) { ${field}(checkpoint: $cp, limit: 1000) { documents } }`,
      { cp: { seq: 0, scopeKey: null } },
    );
    expect(res.errors).toBeUndefined();
    return res.data![field]!.documents.filter((d) => !d._deleted).length;
  };
  const menu = async (user: string): Promise<string[]> => {
    const res = await demo.rest(user, '/api/navigation');
    const answer = (await res.json()) as NavigationAnswer;
    return answer.items.flatMap((i) => [i.uri, ...(i.children ?? []).map((c) => c.uri)]);
  };
  const plan = (participantId: number, uuid = randomUUID()) => ({
    uuid, participantId, status: 'open', content: { goal: 'Betaald werk binnen een jaar', strengths: ['Punctueel'], obstacles: [], agreements: [{ description: 'Cv bijwerken', due: '2032-02-01' }] },
  });
  let instrumentId = 0;
  let fresh = 0; // a participant of the manager without a plan of approach
  beforeAll(async () => {
    instrumentId = await num('SELECT id AS n FROM instruments WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', [company1]);
    fresh = await num(
      'SELECT p.id AS n FROM participants p WHERE p.manager_id = $1 AND p.display = 1 AND p.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM plans_of_approach x WHERE x.participant_id = p.id) ORDER BY p.id LIMIT 1',
      [await demo.userId('manager')],
    );
  });

  it('useInstruments disabled: no categories, no matches, no pulled rows, no menu entries, links refused', async () => {
    expect(await pulled('coach', 'instruments')).toBeGreaterThan(0);
    await setSettings({ useInstruments: 'disabled' });
    expect((await demo.gql<{ matchingCategories: unknown[] }>('manager', '{ matchingCategories { id } }')).data!.matchingCategories).toEqual([]);
    expect((await demo.gql<{ instrumentsMatch: unknown[] }>('manager', '{ instrumentsMatch { match } }')).data!.instrumentsMatch).toEqual([]);
    for (const name of ['instruments', 'matchingCategories', 'matchingCriteria', 'instrumentMatches', 'instrumentCategories'] as const) expect(await pulled('manager', name), name).toBe(0);
    const uris = await menu('manager');
    expect(uris).not.toContain('/instruments');
    expect(uris).not.toContain('/instruments/add');
    expect(await write('coach', 'saveInstrumentMatch', { uuid: randomUUID(), instrumentId, participantIds: [lotte], startDate: '2033-01-01', endDate: '2033-02-01' })).toMatchObject({ success: false, reason: 'instruments.errors.disabled' });
    expect(await write('manager', 'saveInstrument', { uuid: randomUUID(), name: 'Uit' })).toMatchObject({ success: false, reason: 'instruments.errors.disabled' });
  });

  it('criteria_only: matching answers, the library (menu, saveInstrument) is off', async () => {
    await setSettings({ useInstruments: 'criteria_only' });
    expect((await demo.gql<{ instrumentsMatch: unknown[] }>('manager', '{ instrumentsMatch { match } }')).data!.instrumentsMatch.length).toBeGreaterThan(0);
    expect(await write('manager', 'saveInstrument', { uuid: randomUUID(), name: 'Bibliotheek' })).toMatchObject({ success: false, reason: 'instruments.errors.libraryOff' });
    expect(await menu('manager')).not.toContain('/instruments');
    expect(await write('coach', 'saveInstrumentMatch', { uuid: randomUUID(), instrumentId, participantIds: [lotte], startDate: '2033-01-01', endDate: '2033-02-01' })).toMatchObject({ success: true });
    await setSettings({ useInstruments: 'enabled' });
    expect(await menu('manager')).toContain('/instruments');
  });

  it('kwnw2 with every flag: the case manager creates and edits a plan of approach; a coach reads it but may not; one plan per participant', async () => {
    await setSettings({ kwnwVersion: 'kwnw2', participantAccess: { kwnw: true, status: true, instrument: true, planOfApproach: true } });
    expect(await menu('manager')).toContain('/kwnw');
    const created = plan(fresh);
    expect(await write('manager', 'savePlanOfApproach', created)).toMatchObject({ success: true });
    expect(await one('SELECT kwnw_version, content->>\'goal\' AS goal FROM plans_of_approach WHERE uuid = $1', [created.uuid])).toEqual({ kwnw_version: 'kwnw2', goal: 'Betaald werk binnen een jaar' });
    expect(await write('manager', 'savePlanOfApproach', { ...created, status: 'closed', content: { ...created.content, goal: 'Twintig uur per week' } })).toMatchObject({ success: true });
    expect(await one('SELECT status, content->>\'goal\' AS goal FROM plans_of_approach WHERE uuid = $1', [created.uuid])).toEqual({ status: 'closed', goal: 'Twintig uur per week' });
    expect(await write('manager', 'savePlanOfApproach', plan(fresh))).toMatchObject({ success: false, reason: 'instruments.errors.planExists' });
    expect(await write('coach', 'savePlanOfApproach', plan(lotte))).toMatchObject({ success: false, reason: 'instruments.errors.kwnwNotAllowed' });
    expect(await write('manager', 'savePlanOfApproach', plan(otherParticipant))).toMatchObject({ success: false, reason: 'instruments.errors.participantNotFound' });
    expect(await write('manager', 'savePlanOfApproach', { ...plan(fresh), content: { goal: ' ', strengths: [], obstacles: [], agreements: [] } })).toMatchObject({ success: false, reason: 'instruments.errors.goalRequired' });
    expect(await pulled('manager', 'plansOfApproach')).toBeGreaterThan(0);
    const kwnwMatch = 'query($p: ID) { instrumentsMatch(participantId: $p) { match } }';
    expect((await demo.gql<{ instrumentsMatch: unknown[] }>('manager', kwnwMatch, { p: String(lotte) })).data!.instrumentsMatch.length).toBeGreaterThan(0);
  });

  it('each flag and kwnwVersion none close their part on the server', async () => {
    const kwnwMatch = 'query($p: ID) { instrumentsMatch(participantId: $p) { match } }';
    await setSettings({ participantAccess: { kwnw: true, status: true, instrument: false, planOfApproach: true } });
    expect((await demo.gql<{ instrumentsMatch: unknown[] }>('manager', kwnwMatch, { p: String(lotte) })).data!.instrumentsMatch).toEqual([]);
    expect(await pulled('manager', 'plansOfApproach')).toBeGreaterThan(0);
    await setSettings({ participantAccess: { kwnw: true, status: true, instrument: true, planOfApproach: false } });
    expect(await pulled('manager', 'plansOfApproach')).toBe(0);
    expect(await write('manager', 'savePlanOfApproach', plan(lotte))).toMatchObject({ success: false, reason: 'instruments.errors.kwnwOff' });
    await setSettings({ participantAccess: { kwnw: false, status: true, instrument: true, planOfApproach: true } });
    expect(await menu('manager')).not.toContain('/kwnw');
    expect(await pulled('manager', 'plansOfApproach')).toBe(0);
    await setSettings({ kwnwVersion: 'none', participantAccess: { kwnw: true, status: true, instrument: true, planOfApproach: true } });
    expect(await menu('manager')).not.toContain('/kwnw');
    expect(await menu('admin')).not.toContain('/kwnw');
    expect(await pulled('admin', 'plansOfApproach')).toBe(0);
    expect(await write('admin', 'savePlanOfApproach', plan(lotte))).toMatchObject({ success: false, reason: 'instruments.errors.kwnwOff' });
    expect((await demo.gql<{ instrumentsMatch: unknown[] }>('manager', kwnwMatch, { p: String(lotte) })).data!.instrumentsMatch).toEqual([]);
    // matching for a case is not KWNW: it still answers
    expect((await demo.gql<{ instrumentsMatch: unknown[] }>('coach', 'query($c: ID) { instrumentsMatch(caseId: $c) { match } }', { c: String(caseId) })).data!.instrumentsMatch.length).toBeGreaterThan(0);
    await setSettings({ kwnwVersion: 'kwnw2' });
  });
});

/**
 * The administrator's screen (company settings, "Instrumenten en Kortste Weg Naar Werk") sets the switches
 * with setCompanySettings: a change takes effect in the menu and on the server at once; only an administrator
 * may make it, and values outside the spec's lists are refused with their reason.
 */
describe('setCompanySettings for useInstruments, kwnwVersion and the access flags', () => {
  const set = async (user: string, settings: Record<string, unknown>): Promise<Answer> => {
    const res = await demo.gql<{ setCompanySettings: Answer }>(user, 'mutation($s: JSON!) { setCompanySettings(settings: $s) { success reason params } }', { s: settings });
    expect(res.errors).toBeUndefined();
    return res.data!.setCompanySettings;
  };
  const menu = async (user: string): Promise<string[]> => {
    const answer = (await (await demo.rest(user, '/api/navigation')).json()) as NavigationAnswer;
    return answer.items.flatMap((i) => [i.uri, ...(i.children ?? []).map((c) => c.uri)]);
  };
  const kwnwMatch = async (user: string) =>
    (await demo.gql<{ instrumentsMatch: unknown[] }>(user, 'query($p: ID) { instrumentsMatch(participantId: $p) { match } }', { p: String(lotte) })).data!.instrumentsMatch.length;
  const plan = () => ({ uuid: randomUUID(), participantId: lotte, status: 'open', content: { goal: 'Werk', strengths: [], obstacles: [], agreements: [] } });

  it('only an administrator may change them; values outside the lists are refused', async () => {
    expect(await set('manager', { kwnwVersion: 'none' })).toMatchObject({ success: false });
    expect(await set('admin', { kwnwVersion: 'kwnw3' })).toMatchObject({ success: false, reason: 'admin.errors.settings.invalid' });
    expect(await set('admin', { useInstruments: 'sometimes' })).toMatchObject({ success: false, reason: 'admin.errors.settings.invalid' });
    expect(await set('admin', { participantAccess: { kwnw: 'yes' } })).toMatchObject({ success: false, reason: 'admin.errors.settings.invalid' });
  });

  it('a change takes effect at once: menu, KWNW matching, plans of approach and the instrument library', async () => {
    expect(await set('admin', { kwnwVersion: 'kwnw', useInstruments: 'enabled', participantAccess: { kwnw: true, status: true, instrument: true, planOfApproach: true } })).toMatchObject({ success: true });
    expect(await menu('manager')).toContain('/kwnw');
    expect(await kwnwMatch('manager')).toBeGreaterThan(0);
    expect(await set('admin', { participantAccess: { kwnw: true, status: true, instrument: false, planOfApproach: false } })).toMatchObject({ success: true });
    expect(await kwnwMatch('manager')).toBe(0);
    expect(await write('manager', 'savePlanOfApproach', plan())).toMatchObject({ success: false, reason: 'instruments.errors.kwnwOff' });
    expect(await set('admin', { kwnwVersion: 'none', participantAccess: { kwnw: true, status: true, instrument: true, planOfApproach: true } })).toMatchObject({ success: true });
    expect(await menu('manager')).not.toContain('/kwnw');
    expect(await kwnwMatch('manager')).toBe(0);
    expect(await set('admin', { useInstruments: 'criteria_only' })).toMatchObject({ success: true });
    expect(await menu('manager')).not.toContain('/instruments');
    expect(await write('manager', 'saveInstrument', { uuid: randomUUID(), name: 'Via het scherm' })).toMatchObject({ success: false, reason: 'instruments.errors.libraryOff' });
    expect(await set('admin', { useInstruments: 'enabled', kwnwVersion: 'kwnw2' })).toMatchObject({ success: true });
    expect(await menu('manager')).toContain('/instruments');
    expect(await menu('manager')).toContain('/kwnw');
  });
});
