import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { Db } from '../db/db';
import { createTestDb } from '../test/db';
import { seedDemoIfEmpty } from '../db/seed';
import { loadConfig } from '../config';
import { createApp } from '../app';
import { createSession } from '../auth/session';
import { graph } from '../test/auth';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { MEASUREMENT_CASES, validDraft } from '../../src/domain/wage-value/measurement-cases';
import { validateMeasurement } from '../../src/domain/wage-value/validation';
import { measurementSteps } from '../../src/domain/wage-value/constants';
import type { MeasurementDraft } from '../../src/domain/wage-value/measurement';
import { stepPayload as domainStepPayload } from '../../src/domain/wage-value/schemas';
import { pdfText } from './pdf-text';
import * as v from 'valibot';
import { draftOfDocument, type MeasurementDocument } from '../../src/domain/wage-value/measurement';
import { checkSave, measurementPatch, SaveMeasurementSchema } from '../../src/domain/wage-value/schemas';
import { serverCollection } from '../sync/registry';
import { loadSyncKeys } from '../sync/checkpoint';
import { pullCollection } from '../sync/pull';
import { pullEnv } from '../sync/pull-env';
import type { Viewer } from '../auth/viewer';

let db: Db;
let app: Hono;
let dataDir: string;
const tokens = new Map<string, string>();
let participantId = 0;

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoIfEmpty(db);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'werkpad-wv-'));
  app = createApp({ db, config: { ...loadConfig({}), dataDir } });
  for (const u of ['expert', 'coach', 'admin', 'participant', 'admin2']) {
    const { rows } = await db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE username = $1', [u]);
    const row = rows[0]!;
    tokens.set(u, (await createSession(db, { id: Number(row.id), companyId: Number(row.company_id) }, { mfaValidated: true })).token);
  }
  const { rows } = await db.query<{ id: number }>(`SELECT p.id FROM participants p JOIN users u ON u.company_id = p.company_id
    WHERE u.username = 'expert' AND p.deleted_at IS NULL ORDER BY p.id LIMIT 1`);
  participantId = Number(rows[0]!.id);
}, 120_000);

afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface WriteAnswer { success: boolean; reason: string | null; params: Record<string, string> | null; conflict: { serverDocument: Record<string, unknown>; fields: string[] } | null; revision: number | null }

async function write(name: string, input: unknown, user = 'expert', base?: { revision: number; values: Record<string, unknown> }): Promise<WriteAnswer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await graph<{ r: WriteAnswer }>(app, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason params conflict revision } }`, {
    token: tokens.get(user),
    variables: { input: { ...(input as object), clientMutationId: uuidv7(), ...(base ? { baseRevision: base.revision, baseValues: base.values } : {}) } },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.r;
}

function stepPayload(uuid: string, d: MeasurementDraft, step: number): Record<string, unknown> {
  // The wizard's payload; the subsidy case keeps its (refused) wage fields as a client that sends them would.
  const p = domainStepPayload(uuid, participantId, d, step, { replaceExistingConcept: step === 1 });
  return measurementSteps[step - 1] === 'normFunction' ? { ...p, normFunction: d.normFunction } : p;
}

async function saveAll(uuid: string, d: MeasurementDraft): Promise<{ step: number; answer: WriteAnswer } | null> {
  for (let step = 1; step <= measurementSteps.length; step++) {
    const answer = await write('saveWageValueMeasurement', stepPayload(uuid, d, step));
    if (!answer.success) return { step, answer };
  }
  return null;
}

/** The first refusal of the wizard's saves in order, by the domain's save check on an accumulated document. */
function domainRefusal(uuid: string, d: MeasurementDraft): { step: number; key: string } | null {
  let current: MeasurementDocument | null = null;
  for (let step = 1; step <= measurementSteps.length; step++) {
    const r = checkSave(current, stepPayload(uuid, d, step));
    if (!r.ok) return { step, key: r.issue.key };
    current = { ...(current ?? { uuid, participantId, status: 'concept', type: r.value.type, step, summary: null }), ...measurementPatch(r.value) };
  }
  return null;
}

const FIGURES = `query($uuid: String) { wageValueMeasurements(uuid: $uuid) { totalItems records { status step wageValue workPerformance partTimeFactor normWage wageValueAmount figures revision } } }`;
interface MeasurementAnswer { status: string; step: number; wageValue: number | null; workPerformance: number | null; partTimeFactor: number | null; normWage: number | null; wageValueAmount: number | null; revision: number; figures: { tasks: { percentageTimeSpent: number; workPerformance: number }[]; totalPercentageTimeSpent: number; overlap: number; holidayAllowance: number | null; wageValue: number | null } }
async function fetchMeasurement(uuid: string, user = 'expert'): Promise<MeasurementAnswer | undefined> {
  const res = await graph<{ wageValueMeasurements: { records: MeasurementAnswer[] } }>(app, FIGURES, { token: tokens.get(user), variables: { uuid } });
  return res.data?.wageValueMeasurements.records[0];
}

describe('the measurement cases through the server’s save path', () => {
  it.each(MEASUREMENT_CASES.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
    const uuid = uuidv7();
    const refused = await saveAll(uuid, c.draft);
    const domain = validateMeasurement(c.draft)[0];
    if (!domain) {
      expect(refused).toBeNull();
      const m = await fetchMeasurement(uuid);
      const f = c.figures ?? {};
      if (f.wageValuePercentage !== undefined) expect(m?.wageValue).toBe(f.wageValuePercentage);
      if (f.workPerformance !== undefined) expect(m?.workPerformance).toBe(f.workPerformance);
      if (f.partTimeFactor !== undefined) expect(m?.partTimeFactor).toBe(f.partTimeFactor);
      if (f.normWage !== undefined) expect(m?.normWage).toBe(f.normWage);
      if (f.wageValue !== undefined) expect(m?.wageValueAmount).toBe(f.wageValue);
      if (f.taskShares) expect(m?.figures.tasks.map((t) => t.percentageTimeSpent)).toEqual(f.taskShares);
      expect(m?.step).toBe(8);
    } else {
      // The server refuses where the domain's save check does: at the step of the first issue, or
      // earlier when a save would already make the stored figures impossible (issue 21: every save
      // checks the whole measurement, e.g. pace 0 carried by the tasks step).
      const expected = domainRefusal(uuid, c.draft);
      expect(expected).not.toBeNull();
      expect(expected!.step).toBeLessThanOrEqual(measurementSteps.indexOf(domain.step) + 1);
      expect(refused?.step).toBe(expected!.step);
      expect(refused?.answer.reason).toBe(expected!.key);
      expect(c.issues.map((i) => i.step)).toContain(domain.step);
    }
  });
});

describe('life cycle', () => {
  it('definitive: complete, report stored as kind 18, read-only afterwards', async () => {
    const uuid = uuidv7();
    expect(await saveAll(uuid, validDraft({ type: 2 }))).toBeNull();
    const before = await fetchMeasurement(uuid);
    expect(before?.status).toBe('concept');
    expect(await write('setWageValueMeasurementStatus', { uuid, status: 'definitive' })).toMatchObject({ success: true });
    const { rows } = await db.query<{ kind: number; mime: string }>('SELECT f.kind, f.mime FROM files f JOIN wage_value_measurements m ON m.id = f.measurement_id WHERE m.uuid = $1', [uuid]);
    expect(rows).toEqual([{ kind: 18, mime: 'application/pdf' }]);
    const report = await graph<{ wageValueReport: { name: string; base64: string } | null }>(app, 'query($u: String!) { wageValueReport(measurementUuid: $u) { name base64 } }', { token: tokens.get('expert'), variables: { u: uuid } });
    const text = pdfText(Buffer.from(report.data!.wageValueReport!.base64, 'base64'));
    expect(text).toContain('Rapportage loonwaardemeting');
    expect(text).toContain('€ 2.200,00');
    expect(text).not.toContain('CONCEPT');
    const again = await write('saveWageValueMeasurement', stepPayload(uuid, validDraft({ type: 2 }), 8));
    expect(again).toMatchObject({ success: false, reason: 'wageValue.errors.definitive' });
    expect(await write('deleteWageValueMeasurement', { uuid })).toMatchObject({ success: false, reason: 'wageValue.errors.definitive' });
    expect(await write('setWageValueMeasurementStatus', { uuid, status: 'cancelled' })).toMatchObject({ success: false, reason: 'wageValue.errors.definitive' });
  });

  it('an incomplete concept cannot become definitive; a new concept needs confirmation; delete a concept', async () => {
    const uuid = uuidv7();
    const d = validDraft();
    expect((await write('saveWageValueMeasurement', stepPayload(uuid, d, 1))).success).toBe(true);
    const answer = await write('setWageValueMeasurementStatus', { uuid, status: 'definitive' });
    expect(answer).toMatchObject({ success: false, reason: 'wageValue.errors.incomplete', params: { step: 'researchActivities' } });
    const second = uuidv7();
    expect(await write('saveWageValueMeasurement', { ...stepPayload(second, d, 1), replaceExistingConcept: false })).toMatchObject({ success: false, reason: 'wageValue.errors.conceptExists' });
    expect((await write('saveWageValueMeasurement', stepPayload(second, d, 1))).success).toBe(true);
    expect(await fetchMeasurement(uuid)).toBeUndefined();
    expect((await write('deleteWageValueMeasurement', { uuid: second })).success).toBe(true);
    expect(await fetchMeasurement(second)).toBeUndefined();
  });

  it('a concept changed elsewhere merges per field; only a field changed on both sides is a conflict', async () => {
    const uuid = uuidv7();
    const d = validDraft();
    for (let step = 1; step <= 8; step++) expect((await write('saveWageValueMeasurement', stepPayload(uuid, d, step))).success).toBe(true);
    const base = await fetchMeasurement(uuid);
    const rev = base!.revision;
    const baseDoc = (await db.query<{ summary: string; research_activities: unknown }>('SELECT summary, research_activities FROM wage_value_measurements WHERE uuid = $1', [uuid])).rows[0]!;
    // Elsewhere: the admin changes the advice and the summary.
    const other = { ...d, advice: { ...d.advice, reassessmentAdviceExplanation: 'Elders aangepast.' }, summary: 'Samenvatting van elders.' };
    expect((await write('saveWageValueMeasurement', stepPayload(uuid, other, 7), 'admin')).success).toBe(true);
    expect((await write('saveWageValueMeasurement', stepPayload(uuid, other, 8), 'admin')).success).toBe(true);
    // The expert, offline on the old revision, changed the research activities: merges silently.
    const mine = { ...d, researchActivities: { ...d.researchActivities, researchActivitiesExplanation: 'Op de werkvloer aangevuld.' }, summary: 'Mijn samenvatting.' };
    const merged = await write('saveWageValueMeasurement', stepPayload(uuid, mine, 2), 'expert', { revision: rev, values: { researchActivities: baseDoc.research_activities } });
    expect(merged.success).toBe(true);
    // ... and the summary, which was changed on both sides: a conflict naming only that field.
    const clash = await write('saveWageValueMeasurement', stepPayload(uuid, mine, 8), 'expert', { revision: rev, values: { summary: baseDoc.summary } });
    expect(clash.reason).toBe('conflict');
    expect(clash.conflict?.fields).toEqual(['summary']);
    const { rows } = await db.query<{ summary: string; research_activities: { researchActivitiesExplanation: string }; advice: { reassessmentAdviceExplanation: string } }>(
      'SELECT summary, research_activities, advice FROM wage_value_measurements WHERE uuid = $1', [uuid]);
    expect(rows[0]).toMatchObject({ summary: 'Samenvatting van elders.', research_activities: { researchActivitiesExplanation: 'Op de werkvloer aangevuld.' }, advice: { reassessmentAdviceExplanation: 'Elders aangepast.' } });
  });

  it('a concept saved through the API is pulled with its groups exactly as the client writes them and GraphQL answers them', async () => {
    const uuid = uuidv7();
    const base = { uuid, participantId, type: 1 };
    // The saves of the browser test "a concept changed elsewhere…" (dates DD-MM-YYYY, research flags left out).
    const saves = [
      { ...base, step: 1, replaceExistingConcept: true, details: { startingDate: '02-11-2026', employerName: 'Fietsenmaker Jansen', employerContactEmail: 'info@jansen.nl', interviewedEmployerName: 'Dhr. Jansen', performedFunction: 'Assistent fietsenmaker', workingHoursPerWeek: 20, fullTimeHours: 38, wageValueExpert: 'E. Expert' } },
      { ...base, step: 2, researchActivities: { reportDate: '09-11-2026', companyVisitDate: '02-11-2026', interviewedEmployeeDate: '02-11-2026', interviewedEmployerDate: '02-11-2026' } },
      { ...base, step: 3, tasks: [{ sortOrder: 1, description: 'Banden plakken', explanation: 'Hoofdtaak', minutesPerWeek: 1200 }] },
    ];
    // What the client's optimistic patches make of the same saves (the document the client writes).
    let written: Record<string, unknown> = {};
    for (const input of saves) {
      expect((await write('saveWageValueMeasurement', input)).success).toBe(true);
      written = { ...written, ...measurementPatch(v.parse(SaveMeasurementSchema, input)) };
    }
    const res = await graph<{ wageValueMeasurements: { records: Record<string, unknown>[] } }>(app,
      'query($u: String) { wageValueMeasurements(uuid: $u) { records { step type participantId details researchActivities tasks } } }', { token: tokens.get('expert'), variables: { u: uuid } });
    const record = res.data!.wageValueMeasurements.records[0]!;
    const { rows: users } = await db.query<{ id: number; company_id: number; acl_role_id: number }>("SELECT id, company_id, acl_role_id FROM users WHERE username = 'expert'");
    const u = users[0]!;
    const viewer: Viewer = {
      userId: Number(u.id), companyId: Number(u.company_id), projectId: null, roleId: Number(u.acl_role_id), accessToAllParticipants: false,
      participantId: null, realUserId: Number(u.id), chain: [], sessionId: 'test',
    };
    const keys = await loadSyncKeys(db, viewer.companyId);
    for (const build of ['sql', 'js'] as const) {
      const answer = await pullCollection(db, viewer, serverCollection('wageValueMeasurements'), { seq: 0, scopeKey: null }, { limit: 10_000, build }, pullEnv(db, viewer, keys));
      const doc = answer.documents.find((d) => d.uuid === uuid) as unknown as MeasurementDocument | undefined;
      expect(doc, build).toBeDefined();
      // Same fields, same types (numbers as numbers, jsonb as objects, ISO dates), same key order.
      for (const field of ['participantId', 'type', 'step', 'details', 'researchActivities', 'tasks', 'startingDate', 'employerName'] as const) {
        expect(JSON.stringify(doc![field]), `${build} ${field}`).toBe(JSON.stringify(written[field]));
      }
      expect(doc!.details, build).toEqual(record.details);
      expect(doc!.researchActivities, build).toEqual(record.researchActivities);
      expect(doc!.tasks, build).toEqual(record.tasks);
      expect(doc!.step, build).toBe(record.step);
      // The wizard resumes after step 3 (the norm function), and the steps before it are complete.
      expect(measurementSteps[doc!.step], build).toBe('normFunction');
      expect(validateMeasurement(draftOfDocument(doc!))[0]?.step, build).toBe('normFunction');
    }
  });

  it('issue 21: a save that would make the stored figures impossible is refused, whichever step it carries; a copy copies every step', async () => {
    const uuid = uuidv7();
    const d = validDraft({ type: 2 });
    expect(await saveAll(uuid, d)).toBeNull();
    const before = await fetchMeasurement(uuid);
    // Working hours 40 → 20 after the tasks (40 hours) were saved: refused, figures unchanged.
    const fewer = { ...d, details: { ...d.details, workingHoursPerWeek: 20 } };
    expect(await write('saveWageValueMeasurement', stepPayload(uuid, fewer, 1))).toMatchObject({
      success: false, reason: 'wageValue.errors.tasksExceedWorkingHours', params: { hours: '40', working: '20', field: 'details.workingHoursPerWeek' },
    });
    // Pace 0 carried by the tasks step: refused there, not only at step 5.
    const pace0 = { ...d, tasks: d.tasks.map((t, i) => (i === 0 ? { ...t, percentagePace: 0 } : t)) };
    expect(await write('saveWageValueMeasurement', stepPayload(uuid, pace0, 3))).toMatchObject({ success: false, reason: 'wageValue.errors.range' });
    const after = await fetchMeasurement(uuid);
    expect(after?.figures).toEqual(before?.figures);
    expect(Math.max(...after!.figures.tasks.map((t) => t.percentageTimeSpent))).toBeLessThanOrEqual(100);
    // Copy: the first save carries every step of the source; the copy is complete at once.
    const copy = uuidv7();
    const first = domainStepPayload(copy, participantId, d, 1, { replaceExistingConcept: true, copiedFromUuid: uuid });
    expect((await write('saveWageValueMeasurement', first)).success).toBe(true);
    const copied = await fetchMeasurement(copy);
    expect(copied?.figures).toEqual(before?.figures);
    const { rows } = await db.query<{ summary: string; advice: { reassessmentAdvice: number }; copied_from_id: string | null }>(
      'SELECT summary, advice, copied_from_id FROM wage_value_measurements WHERE uuid = $1', [copy]);
    expect(rows[0]).toMatchObject({ summary: d.summary, advice: { reassessmentAdvice: d.advice.reassessmentAdvice } });
    expect(rows[0]?.copied_from_id).not.toBeNull();
  });

  it('a coach without the expert flag may not add; another company sees nothing', async () => {
    expect(await write('saveWageValueMeasurement', stepPayload(uuidv7(), validDraft(), 1), 'coach')).toMatchObject({ success: false, reason: 'wageValue.errors.forbidden' });
    const res = await graph<{ wageValueMeasurements: { totalItems: number } }>(app, 'query { wageValueMeasurements { totalItems } }', { token: tokens.get('admin2') });
    const own = await graph<{ wageValueMeasurements: { totalItems: number } }>(app, 'query { wageValueMeasurements { totalItems } }', { token: tokens.get('admin') });
    expect(own.data!.wageValueMeasurements.totalItems).toBeGreaterThan(0);
    const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM wage_value_measurements m JOIN users u ON u.company_id = m.company_id WHERE u.username = 'admin2' AND m.deleted_at IS NULL");
    expect(res.data!.wageValueMeasurements.totalItems).toBe(Number(rows[0]!.n));
  });
});

describe('settings and planning', () => {
  const SETTINGS = 'query { wageValueSettings { status { uuid label } sequence { uuid label } region { uuid label } planLabelDefaults { newPlanStatus definitivePlanStatus } } wageValuePlanStatus { id uuid } wageValuePlanSequence { id uuid } }';
  it('saves the lists and defaults; a new plan takes the new-plan defaults; notes', async () => {
    const cur = await graph<{ wageValueSettings: { status: { uuid: string; label: string }[]; sequence: { uuid: string; label: string }[]; region: { uuid: string; label: string }[] } }>(app, SETTINGS, { token: tokens.get('admin') });
    const s = cur.data!.wageValueSettings;
    expect(s.status.length).toBeGreaterThan(0);
    const newStatus = { uuid: uuidv7(), label: 'Ingepland (test)' };
    const input = { statuses: [...s.status, newStatus], sequences: s.sequence, regions: s.region, newPlanStatus: newStatus.uuid, newPlanMeasurementSequence: s.sequence[0]!.uuid, definitivePlanStatus: s.status[0]!.uuid, definitivePlanMeasurementSequence: s.sequence[0]!.uuid };
    expect(await write('saveWageValueSettings', input, 'admin')).toMatchObject({ success: true });
    expect(await write('saveWageValueSettings', { ...input, statuses: [] }, 'admin')).toMatchObject({ success: false, reason: 'wageValue.errors.statusesRequired' });
    expect(await write('saveWageValueSettings', input, 'expert')).toMatchObject({ success: false, reason: 'wageValue.errors.forbidden' });
    const plan = uuidv7();
    expect(await write('addWageValuePlan', { uuid: plan, participantId, planDate: '01-12-2026', employerName: 'Groen BV' })).toMatchObject({ success: true });
    const { rows } = await db.query<{ label: string }>('SELECT s.label FROM wage_value_plans p JOIN wage_value_plan_statuses s ON s.id = p.status_id WHERE p.uuid = $1', [plan]);
    expect(rows[0]?.label).toBe('Ingepland (test)');
    expect(await write('addWageValuePlan', { uuid: uuidv7(), participantId, planDate: '' })).toMatchObject({ success: false, reason: 'wageValue.errors.required' });
    const note = uuidv7();
    expect(await write('addWageValuePlanNote', { uuid: note, planUuid: plan, noteDate: '02-12-2026', text: 'Werkgever gebeld.' })).toMatchObject({ success: true });
    expect(await write('addWageValuePlanNote', { uuid: uuidv7(), planUuid: plan, noteDate: '02-12-2026', text: '  ' })).toMatchObject({ success: false, reason: 'wageValue.errors.required' });
    const notes = await graph<{ wageValuePlanNotes: { text: string }[] }>(app, 'query($p: ID!) { wageValuePlanNotes(planId: $p) { text } }', { token: tokens.get('expert'), variables: { p: plan } });
    expect(notes.data!.wageValuePlanNotes.map((n) => n.text)).toEqual(['Werkgever gebeld.']);
    expect((await write('deleteWageValuePlanNote', { uuid: note })).success).toBe(true);
  });
});
