import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

/**
 * The work-plan writes and reads through GraphQL on the demo data: the end-plan rules, the five
 * filters, the discipline-removal rule, review permissions and requestReview's errors.
 */
let demo: DemoApp;
let lotte = 0; // the demo participant (Lotte de Vries, coach `coach`)

interface Answer {
  success: boolean;
  reason: string | null;
}

async function write(user: string, name: string, input: Record<string, unknown>): Promise<Answer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await demo.gql<Record<string, Answer>>(user, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason } }`, { input: { ...input, clientMutationId: uuidv7() } });
  if (res.errors) throw new Error(res.errors.map((e) => e.message).join(', '));
  return res.data!.r!;
}

const one = async <T>(q: string, values: unknown[]): Promise<T> => (await demo.db.query<T>(q, values)).rows[0]!;

async function runningAssignment(participantId: number): Promise<{ uuid: string; plan_uuid: string; behavior_id: number; work_plan_id: number }> {
  return one(
    `SELECT a.uuid, w.uuid AS plan_uuid, w.id AS work_plan_id, (SELECT behavior_id FROM work_plan_behaviors WHERE work_plan_id = w.id LIMIT 1) AS behavior_id
     FROM assignments a JOIN work_plans w ON w.id = a.work_plan_id
     WHERE a.participant_id = $1 AND w.status = 'running' AND a.deleted_at IS NULL AND w.deleted_at IS NULL ORDER BY a.status DESC, a.id LIMIT 1`,
    [participantId],
  );
}

beforeAll(async () => {
  demo = await createDemoApp();
  lotte = Number((await one<{ id: number }>('SELECT p.id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = $1', ['participant'])).id);
}, 120_000);

afterAll(async () => {
  await demo.db.close();
});

describe('the five filters of workPlans', () => {
  it('each filter answers exactly the plans of its statuses', async () => {
    const counts = await demo.db.query<{ status: string; n: number }>(
      `SELECT w.status, count(*)::int AS n FROM work_plans w JOIN participants p ON p.id = w.participant_id
       WHERE w.deleted_at IS NULL AND (p.coach_id = $1 OR p.manager_id = $1) AND p.display = 1 GROUP BY w.status`,
      [await demo.userId('coach')],
    );
    const n = (s: string) => counts.rows.find((r) => r.status === s)?.n ?? 0;
    expect(n('running') * n('to_start') * n('finished')).toBeGreaterThan(0);
    const expected: Record<number, number> = { 1: n('running') + n('to_start') + n('finished'), 2: n('running') + n('to_start'), 3: n('finished'), 4: n('to_start'), 5: n('running') };
    for (const [filter, total] of Object.entries(expected)) {
      const res = await demo.gql<{ workPlans: { totalItems: number; records: { status: string }[] } }>('coach', 'query($f: Int) { workPlans(filter: $f, perPage: 0) { totalItems records { status } } }', { f: Number(filter) });
      expect(res.data?.workPlans.totalItems, `filter ${filter}`).toBe(total);
    }
    const started = await demo.gql<{ workPlans: { records: { status: string }[] } }>('coach', '{ workPlans(filter: 5, perPage: 0) { records { status } } }');
    expect(new Set(started.data?.workPlans.records.map((r) => r.status))).toEqual(new Set(['running']));
  });

  it('pages of 15, search and the selection of the spec', async () => {
    const res = await demo.gql<{ workPlans: { totalItems: number; records: { participant: { name: string }; assignments: { workOrder: { name: string } | null; reviews: { score: number | null }[]; currentScore: number | null }[]; behaviors: { targetScore: number | null }[] }[] } }>(
      'admin',
      '{ workPlans(search: "lotte vries", sort: "startDate", direction: "desc") { totalItems records { participant { name } uuid status timeStart timeExpectedEnd timeFinished coach { id givenName surname email } manager { id } files { id } behaviors { id name targetScore } skills { id targetScore } assignments { id status workOrder { id name description } currentScore } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.workPlans.totalItems).toBe(3);
    expect(res.data?.workPlans.records.every((r) => r.participant.name === 'Lotte de Vries')).toBe(true);
    // the reviews with their scores below the assignments of a page of plans: lists in lists in lists, refused
    // by the row-cost limit before anything runs (issue 20)
    const deep = await demo.gql('admin', '{ workPlans(search: "lotte vries") { records { assignments { reviews { id user { id } scores { score } } } } } }');
    expect(deep.data ?? null).toBeNull();
    expect(deep.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_EXPENSIVE');
    const all = await demo.gql<{ workPlans: { totalItems: number; records: unknown[] } }>('admin', '{ workPlans { totalItems records { id } } }');
    expect(all.data?.workPlans.records).toHaveLength(15);
    expect(all.data!.workPlans.totalItems).toBeGreaterThan(15);
  });
});

describe('ending a plan', () => {
  let planUuid = '';
  let reasonId = 0;
  beforeAll(async () => {
    const a = await runningAssignment(lotte);
    planUuid = a.plan_uuid;
    reasonId = Number((await one<{ id: number }>("SELECT id FROM work_plan_termination_reasons WHERE company_id = (SELECT company_id FROM participants WHERE id = $1) AND srg_value <> '' ORDER BY id LIMIT 1", [lotte])).id);
  });

  it.each([
    ['no reason', { terminationReasonId: null, endDate: '2099-01-01' }, 'workPlans.errors.reasonRequired'],
    ['no date', { terminationReasonId: 'R', endDate: '' }, 'workPlans.errors.endDateRequired'],
    ['before the start', { terminationReasonId: 'R', endDate: '1990-01-01' }, 'workPlans.errors.endBeforeStart'],
  ])('%s is refused', async (_n, input, reason) => {
    const answer = await write('manager', 'endWorkPlan', { uuid: planUuid, ...input, terminationReasonId: input.terminationReasonId === 'R' ? reasonId : input.terminationReasonId });
    expect(answer).toEqual({ success: false, reason });
  });

  it('a reason without an SRG value is refused when srgEnabled', async () => {
    const company = (await one<{ company_id: number }>('SELECT company_id FROM participants WHERE id = $1', [lotte])).company_id;
    const bare = await one<{ id: number }>("INSERT INTO work_plan_termination_reasons (company_id, label, srg_value) VALUES ($1, 'Zonder SRG', '') RETURNING id", [company]);
    expect(await write('manager', 'endWorkPlan', { uuid: planUuid, terminationReasonId: bare.id, endDate: '2099-01-01' })).toEqual({ success: false, reason: 'workPlans.errors.srgReasonRequired' });
  });

  it('ends, carries the SRG reason, refuses a review, reopens', async () => {
    const assignment = await runningAssignment(lotte);
    const planOfAssignment = assignment.plan_uuid;
    expect(await write('manager', 'endWorkPlan', { uuid: planOfAssignment, terminationReasonId: reasonId, endDate: new Date().toISOString().slice(0, 10) })).toEqual({ success: true, reason: null });
    const row = await one<{ status: string; time_finished: string; termination_reason_id: number }>('SELECT status, time_finished, termination_reason_id FROM work_plans WHERE uuid = $1', [planOfAssignment]);
    expect(row.status).toBe('finished');
    expect(Number(row.termination_reason_id)).toBe(reasonId);
    const srg = await demo.gql<{ workPlans: { records: { uuid: string; srgTerminationReason: string | null }[] } }>('manager', '{ workPlans(filter: 3, perPage: 0) { records { uuid srgTerminationReason } } }');
    expect(srg.data?.workPlans.records.find((r) => r.uuid === planOfAssignment)?.srgTerminationReason).toMatch(/\S/);
    // a review written offline meanwhile comes back with the reason
    const review = { uuid: uuidv7(), assignmentUuid: assignment.uuid, date: '2026-01-05', scores: [{ behaviorId: assignment.behavior_id, score: 2 }] };
    expect(await write('coach', 'saveReview', review)).toEqual({ success: false, reason: 'workPlans.errors.planEnded' });
    expect(await write('manager', 'endWorkPlan', { uuid: planOfAssignment, terminationReasonId: reasonId, endDate: '2099-01-01' })).toEqual({ success: false, reason: 'workPlans.errors.planEnded' });
    expect(await write('manager', 'reopenWorkPlan', { uuid: planOfAssignment })).toEqual({ success: true, reason: null });
    const reopened = await one<{ status: string; time_finished: string | null }>('SELECT status, time_finished FROM work_plans WHERE uuid = $1', [planOfAssignment]);
    expect(reopened).toEqual({ status: 'running', time_finished: null });
    expect(await write('manager', 'reopenWorkPlan', { uuid: planOfAssignment })).toEqual({ success: false, reason: 'workPlans.errors.planNotEnded' });
  });
});

describe('review permissions', () => {
  it('the coach reviews an assignment in the caseload, exactly once per client mutation', async () => {
    const a = await runningAssignment(lotte);
    const id = uuidv7();
    const input = { uuid: uuidv7(), assignmentUuid: a.uuid, date: new Date().toISOString().slice(0, 10), scores: [{ behaviorId: a.behavior_id, score: 3 }], top: 'Netjes gewerkt', tip: 'Vraag eerder hulp' };
    const q = 'mutation($input: SaveReviewInput!) { saveReview(input: $input) { success reason } }';
    const first = await demo.gql('coach', q, { input: { ...input, clientMutationId: id } });
    const replay = await demo.gql('coach', q, { input: { ...input, clientMutationId: id } });
    expect(first.data).toEqual({ saveReview: { success: true, reason: null } });
    expect(replay.data).toEqual(first.data);
    const n = await one<{ n: number }>('SELECT count(*)::int AS n FROM reviews WHERE uuid = $1', [input.uuid]);
    expect(n.n).toBe(1);
    const pdp = await one<{ current_score: number }>('SELECT current_score FROM participant_behavior_scores WHERE participant_id = $1 AND behavior_id = $2', [lotte, a.behavior_id]);
    expect(pdp.current_score).toBe(3);
  });

  it('a coach outside the caseload cannot review', async () => {
    const a = await runningAssignment(lotte);
    const answer = await write('pieter_hendriks', 'saveReview', { uuid: uuidv7(), assignmentUuid: a.uuid, date: '2026-01-05', scores: [{ behaviorId: a.behavior_id, score: 2 }] });
    expect(answer).toEqual({ success: false, reason: 'workPlans.errors.notFound' });
  });

  it('a participant cannot review (not even their own), nor self-review someone else', async () => {
    const own = await runningAssignment(lotte);
    expect(await write('participant', 'saveReview', { uuid: uuidv7(), assignmentUuid: own.uuid, date: '2026-01-05', scores: [{ behaviorId: own.behavior_id, score: 2 }] })).toEqual({ success: false, reason: 'workPlans.errors.forbidden' });
    const other = await one<{ uuid: string }>("SELECT a.uuid FROM assignments a JOIN work_plans w ON w.id = a.work_plan_id WHERE a.participant_id <> $1 AND w.status = 'running' AND w.company_id = (SELECT company_id FROM participants WHERE id = $1) LIMIT 1", [lotte]);
    expect(await write('participant', 'saveSelfReview', { uuid: uuidv7(), assignmentUuid: other.uuid, scores: [], top: 'Goed' })).toEqual({ success: false, reason: 'workPlans.errors.notFound' });
  });

  it('the participant self-reviews (0 counts as none) and requests a review once', async () => {
    const a = await runningAssignment(lotte);
    await demo.db.query('UPDATE assignments SET review_requested_at = NULL WHERE uuid = $1', [a.uuid]);
    const self = { uuid: uuidv7(), assignmentUuid: a.uuid, scores: [{ behaviorId: a.behavior_id, score: 0 }], top: 'Ik was op tijd' };
    expect(await write('participant', 'saveSelfReview', self)).toEqual({ success: true, reason: null });
    const stored = await one<{ n: number }>('SELECT count(*)::int AS n FROM participant_review_scores s JOIN participant_reviews r ON r.id = s.participant_review_id WHERE r.uuid = $1', [self.uuid]);
    expect(stored.n).toBe(0);
    expect(await write('participant', 'requestReview', { assignmentUuid: a.uuid })).toEqual({ success: true, reason: null });
    expect(await write('participant', 'requestReview', { assignmentUuid: a.uuid })).toEqual({ success: false, reason: 'workPlans.errors.alreadyRequested' });
  });

  it('requestReview without a coach answers "no coach"', async () => {
    const a = await runningAssignment(lotte);
    await demo.db.query('UPDATE assignments SET review_requested_at = NULL WHERE uuid = $1', [a.uuid]);
    const coach = await one<{ coach_id: number }>('SELECT coach_id FROM work_plans WHERE uuid = $1', [a.plan_uuid]);
    await demo.db.query('UPDATE work_plans SET coach_id = NULL WHERE uuid = $1', [a.plan_uuid]);
    await demo.db.query('UPDATE participants SET coach_id = NULL WHERE id = $1', [lotte]);
    try {
      expect(await write('admin', 'requestReview', { assignmentUuid: a.uuid })).toEqual({ success: false, reason: 'workPlans.errors.noCoach' });
    } finally {
      await demo.db.query('UPDATE work_plans SET coach_id = $2 WHERE uuid = $1', [a.plan_uuid, coach.coach_id]);
      await demo.db.query('UPDATE participants SET coach_id = $2 WHERE id = $1', [lotte, coach.coach_id]);
    }
  });
});

describe('removing a discipline from the development profile', () => {
  it('is refused while it has active plans or reviews, allowed otherwise', async () => {
    const used = await one<{ discipline_id: number }>(
      `SELECT s.discipline_id FROM work_plan_skills ws JOIN work_plans w ON w.id = ws.work_plan_id JOIN skills s ON s.id = ws.skill_id
       WHERE w.participant_id = $1 AND w.status <> 'finished' AND w.deleted_at IS NULL LIMIT 1`,
      [lotte],
    );
    expect(await write('manager', 'removePdpDiscipline', { participantId: lotte, disciplineId: used.discipline_id })).toEqual({ success: false, reason: 'workPlans.errors.disciplineInUse' });
    const company = (await one<{ company_id: number }>('SELECT company_id FROM participants WHERE id = $1', [lotte])).company_id;
    const fresh = await one<{ id: number }>("INSERT INTO disciplines (company_id, name) VALUES ($1, 'Nieuw vakgebied') RETURNING id", [company]);
    const skill = await one<{ id: number }>("INSERT INTO skills (company_id, discipline_id, name) VALUES ($1, $2, 'Nieuwe vaardigheid') RETURNING id", [company, fresh.id]);
    expect(await write('manager', 'updatePdpSkill', { participantId: lotte, skillId: skill.id, targetScore: 3 })).toEqual({ success: true, reason: null });
    expect(await write('participant', 'updatePdpSkill', { participantId: lotte, skillId: skill.id, targetScore: 1 })).toEqual({ success: false, reason: 'workPlans.errors.forbidden' });
    expect(await write('participant', 'updatePdpSkill', { participantId: lotte, skillId: skill.id, selfScore: 2 })).toEqual({ success: true, reason: null });
    expect(await write('manager', 'removePdpDiscipline', { participantId: lotte, disciplineId: fresh.id })).toEqual({ success: true, reason: null });
    const left = await one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM participant_skill_scores WHERE participant_id = $1 AND skill_id = $2', [lotte, skill.id]);
    expect(left.deleted).toBe(true);
  });
});

describe('create from a blueprint, batch change, delete and undo', () => {
  it('works end to end for a manager; a coach may not delete', async () => {
    const bp = await one<{ id: number; n: number }>(
      "SELECT b.id, (SELECT count(*)::int FROM blueprint_work_orders x WHERE x.blueprint_id = b.id) AS n FROM blueprints b WHERE b.company_id = (SELECT company_id FROM participants WHERE id = $1) ORDER BY b.id LIMIT 1",
      [lotte],
    );
    const uuid = uuidv7();
    expect(await write('manager', 'addWorkPlan', { uuid, participantId: lotte, blueprintId: bp.id, startDate: '2026-01-01', expectedEndDate: '2025-01-01' })).toEqual({ success: false, reason: 'workPlans.errors.endBeforeStart' });
    expect(await write('manager', 'addWorkPlan', { uuid, participantId: lotte, blueprintId: bp.id, startDate: '2026-01-01', expectedEndDate: '2026-06-01', coachId: '' })).toEqual({ success: true, reason: null });
    const plan = await one<{ id: number; coach_id: number | null; assignments: number }>('SELECT id, coach_id, (SELECT count(*)::int FROM assignments WHERE work_plan_id = w.id) AS assignments FROM work_plans w WHERE uuid = $1', [uuid]);
    expect(plan.coach_id).toBeNull();
    expect(plan.assignments).toBe(bp.n);
    const other = (await runningAssignment(lotte)).plan_uuid;
    const coachId = await demo.userId('coach');
    expect(await write('manager', 'updateWorkPlan', { uuids: [uuid, other], coachId })).toEqual({ success: true, reason: null });
    const coached = await demo.db.query<{ coach_id: number }>('SELECT coach_id FROM work_plans WHERE uuid = ANY($1::uuid[])', [[uuid, other]]);
    expect(coached.rows.map((r) => Number(r.coach_id))).toEqual([coachId, coachId]);
    expect(await write('coach', 'deleteWorkPlan', { uuid })).toEqual({ success: false, reason: 'workPlans.errors.forbidden' });
    expect(await write('manager', 'deleteWorkPlan', { uuid })).toEqual({ success: true, reason: null });
    const gone = await demo.gql<{ workPlans: { records: { uuid: string }[] } }>('manager', '{ workPlans(perPage: 0) { records { uuid } } }');
    expect(gone.data?.workPlans.records.some((r) => r.uuid === uuid)).toBe(false);
    expect(await write('manager', 'restoreWorkPlan', { uuid })).toEqual({ success: true, reason: null });
    const back = await one<{ n: number }>('SELECT count(*)::int AS n FROM assignments WHERE work_plan_id = $1 AND deleted_at IS NULL', [plan.id]);
    expect(back.n).toBe(bp.n);
  });
});
