import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

/**
 * Caseload transfer (replaceCoach, replaceCaseloadManager, replaceManager) on the demo data: who may, what moves
 * (participants, unfinished plans, open cases; only in the viewer's reach), all or nothing, and the reasons.
 * Demo: `coach` coaches participants 0, 2..15; `pieter_hendriks` 16..25 and some later ones; `manager` manages
 * 0, 2..25, `jeroen_dekker` the rest.
 */
let demo: DemoApp;
let company1 = 0;
const id: Record<string, number> = {};

interface Answer {
  success: boolean;
  reason: string | null;
  params?: Record<string, unknown> | null;
}
async function write(user: string, name: string, input: Record<string, unknown>): Promise<Answer> {
  const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
  const res = await demo.gql<Record<string, Answer>>(user, `mutation($input: ${type}!) { r: ${name}(input: $input) { success reason params } }`, { input: { ...input, clientMutationId: uuidv7() } });
  if (res.errors) throw new Error(res.errors.map((e) => e.message).join(', '));
  return res.data!.r!;
}
const ids = async (q: string, values: unknown[] = []): Promise<number[]> => (await demo.db.query<{ id: number }>(q, values)).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
const num = async (q: string, values: unknown[] = []): Promise<number> => Number((await demo.db.query<{ n: number }>(q, values)).rows[0]!.n);

beforeAll(async () => {
  demo = await createDemoApp();
  for (const u of ['admin', 'manager', 'coach', 'pieter_hendriks', 'yasmina_elamrani', 'jeroen_dekker', 'participant', 'admin2', 'manager2', 'coach2']) id[u] = await demo.userId(u);
  company1 = await num('SELECT company_id AS n FROM users WHERE id = $1', [id.admin]);
  // a blocked coach of company 1
  id.blocked = await num("INSERT INTO users (company_id, acl_role_id, username, given_name, surname, display) VALUES ($1, 4, 'sn_blocked_coach', 'Bea', 'Blok', 3) RETURNING id AS n", [company1]);
}, 120_000);

afterAll(async () => {
  await demo.db.close();
});

describe('replaceCoach', () => {
  it("a manager moves only the coach's participants in the manager's own caseload, with their unfinished plans", async () => {
    const mine = await ids('SELECT id FROM participants WHERE coach_id = $1 AND manager_id = $2 AND deleted_at IS NULL AND display <> 0', [id.pieter_hendriks, id.manager]);
    const others = await ids('SELECT id FROM participants WHERE coach_id = $1 AND manager_id IS DISTINCT FROM $2 AND deleted_at IS NULL', [id.pieter_hendriks, id.manager]);
    expect(mine.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const finished = await ids("SELECT id FROM work_plans WHERE participant_id = ANY($1::bigint[]) AND coach_id = $2 AND status = 'finished' AND deleted_at IS NULL", [mine, id.pieter_hendriks]);
    const open = await ids("SELECT id FROM work_plans WHERE participant_id = ANY($1::bigint[]) AND coach_id = $2 AND status <> 'finished' AND deleted_at IS NULL", [mine, id.pieter_hendriks]);
    expect(open.length).toBeGreaterThan(0);

    expect(await write('manager', 'replaceCoach', { fromUserId: id.pieter_hendriks, toUserId: id.yasmina_elamrani })).toEqual({ success: true, reason: null, params: null });
    expect(await ids('SELECT id FROM participants WHERE id = ANY($1::bigint[]) AND coach_id = $2', [mine, id.yasmina_elamrani])).toEqual(mine);
    expect(await ids('SELECT id FROM participants WHERE id = ANY($1::bigint[]) AND coach_id = $2', [others, id.pieter_hendriks])).toEqual(others);
    expect(await ids('SELECT id FROM work_plans WHERE id = ANY($1::bigint[]) AND coach_id = $2', [open, id.yasmina_elamrani])).toEqual(open);
    expect(await ids('SELECT id FROM work_plans WHERE id = ANY($1::bigint[]) AND coach_id = $2', [finished, id.pieter_hendriks])).toEqual(finished);
    const audit = await demo.db.query<{ details: { participants: number; workPlans: number } }>("SELECT details FROM audit_log WHERE action = 'caseload.replaceCoach' ORDER BY id DESC LIMIT 1");
    expect(audit.rows[0]?.details).toMatchObject({ participants: mine.length, workPlans: open.length });
    expect(await num("SELECT count(*)::int AS n FROM audit_log WHERE action = 'write.replaceCoach' AND result = 'success'")).toBe(1);
  });

  it('an administrator moves a selection; a selection with one participant not of that coach moves nothing', async () => {
    const of = await ids('SELECT id FROM participants WHERE coach_id = $1 AND deleted_at IS NULL ORDER BY id', [id.coach]);
    const [a, b] = of;
    const stranger = (await ids('SELECT id FROM participants WHERE coach_id = $1', [id.yasmina_elamrani]))[0]!;
    expect(await write('admin', 'replaceCoach', { fromUserId: id.coach, toUserId: id.pieter_hendriks, participantIds: [a, stranger] })).toMatchObject({
      success: false, reason: 'caseload.errors.notInCaseload', params: { count: 1 },
    });
    expect(await ids('SELECT id FROM participants WHERE id = $1 AND coach_id = $2', [a, id.coach])).toEqual([a]);
    expect(await write('admin', 'replaceCoach', { fromUserId: id.coach, toUserId: id.pieter_hendriks, participantIds: [a, b] })).toMatchObject({ success: true });
    expect(await ids('SELECT id FROM participants WHERE id = ANY($1::bigint[]) AND coach_id = $2', [[a, b], id.pieter_hendriks])).toEqual([a!, b!].sort((x, y) => x - y));
    expect(await num('SELECT count(*)::int AS n FROM participants WHERE coach_id = $1', [id.coach])).toBe(of.length - 2);
  });

  it('a coach may not; another company reaches nobody; the new coach must be active staff', async () => {
    expect(await write('coach', 'replaceCoach', { fromUserId: id.coach, toUserId: id.pieter_hendriks })).toMatchObject({ success: false, reason: 'caseload.errors.notAllowed' });
    expect(await write('manager2', 'replaceCoach', { fromUserId: id.coach, toUserId: id.coach2 })).toMatchObject({ success: false, reason: 'caseload.errors.fromNotFound' });
    expect(await write('admin2', 'replaceCoach', { fromUserId: id.coach2, toUserId: id.coach })).toMatchObject({ success: false, reason: 'caseload.errors.toNotFound' });
    expect(await write('admin', 'replaceCoach', { fromUserId: id.coach, toUserId: id.participant })).toMatchObject({ success: false, reason: 'caseload.errors.toNotCoach' });
    expect(await write('admin', 'replaceCoach', { fromUserId: id.coach, toUserId: id.blocked })).toMatchObject({ success: false, reason: 'caseload.errors.toInactive' });
    expect(await write('admin', 'replaceCoach', { fromUserId: id.blocked, toUserId: id.coach })).toMatchObject({ success: false, reason: 'caseload.errors.nothingToMove' });
  });

  it('bad input answers the rule', async () => {
    expect(await write('admin', 'replaceCoach', { fromUserId: id.coach, toUserId: id.coach })).toMatchObject({ success: false, reason: 'caseload.errors.sameUser', params: { field: 'toUserId' } });
    expect(await write('admin', 'replaceCoach', { toUserId: id.coach })).toMatchObject({ success: false, reason: 'caseload.errors.fromRequired' });
    expect(await write('admin', 'replaceCoach', { fromUserId: 'x', toUserId: id.coach })).toMatchObject({ success: false, reason: 'caseload.errors.invalidId' });
    expect(await write('admin', 'replaceCoach', { fromUserId: id.coach, toUserId: id.pieter_hendriks, participantIds: [] })).toMatchObject({ success: false, reason: 'caseload.errors.emptySelection' });
  });
});

describe('replaceCaseloadManager', () => {
  it('moves the participants, their open cases and unfinished plans of one manager to another', async () => {
    const theirs = await ids('SELECT id FROM participants WHERE manager_id = $1 AND deleted_at IS NULL', [id.jeroen_dekker]);
    const first = theirs[0]!;
    const openCase = await num("INSERT INTO cases (company_id, participant_id, manager_id, name) VALUES ($1, $2, $3, 'Open') RETURNING id AS n", [company1, first, id.jeroen_dekker]);
    const closedCase = await num("INSERT INTO cases (company_id, participant_id, manager_id, name, status) VALUES ($1, $2, $3, 'Dicht', 'closed') RETURNING id AS n", [company1, first, id.jeroen_dekker]);
    expect(await write('manager', 'replaceCaseloadManager', { fromUserId: id.jeroen_dekker, toUserId: id.manager })).toMatchObject({ success: false, reason: 'caseload.errors.nothingToMove' });
    expect(await write('admin', 'replaceCaseloadManager', { fromUserId: id.jeroen_dekker, toUserId: id.coach })).toMatchObject({ success: false, reason: 'caseload.errors.toNotManager' });
    expect(await write('admin', 'replaceCaseloadManager', { fromUserId: id.jeroen_dekker, toUserId: id.manager })).toMatchObject({ success: true });
    expect(await num('SELECT count(*)::int AS n FROM participants WHERE manager_id = $1', [id.jeroen_dekker])).toBe(0);
    expect(await ids('SELECT id FROM participants WHERE id = ANY($1::bigint[]) AND manager_id = $2', [theirs, id.manager])).toEqual(theirs);
    expect(await num('SELECT manager_id::int AS n FROM cases WHERE id = $1', [openCase])).toBe(id.manager);
    expect(await num('SELECT manager_id::int AS n FROM cases WHERE id = $1', [closedCase])).toBe(id.jeroen_dekker);
    expect(await num("SELECT count(*)::int AS n FROM work_plans WHERE manager_id = $1 AND status <> 'finished' AND deleted_at IS NULL", [id.jeroen_dekker])).toBe(0);
  });
});

describe('replaceManager', () => {
  it('moves the selected unfinished work plans of a manager; plans outside the viewer\'s reach are refused', async () => {
    const plans = await ids("SELECT id FROM work_plans WHERE manager_id = $1 AND status <> 'finished' AND deleted_at IS NULL ORDER BY id LIMIT 2", [id.manager]);
    expect(plans).toHaveLength(2);
    const foreignPlan = (await ids('SELECT id FROM work_plans WHERE company_id <> $1 AND deleted_at IS NULL LIMIT 1', [company1]))[0];
    expect(foreignPlan).toBeDefined();
    expect(await write('coach', 'replaceManager', { fromUserId: id.manager, toUserId: id.admin, workPlanIds: plans })).toMatchObject({ success: false, reason: 'caseload.errors.notAllowed' });
    expect(await write('admin', 'replaceManager', { fromUserId: id.manager, toUserId: id.admin, workPlanIds: [plans[0], foreignPlan] })).toMatchObject({ success: false, reason: 'caseload.errors.notInCaseload' });
    expect(await ids('SELECT id FROM work_plans WHERE id = ANY($1::bigint[]) AND manager_id = $2', [plans, id.manager])).toEqual(plans);
    expect(await write('manager', 'replaceManager', { fromUserId: id.manager, toUserId: id.admin, workPlanIds: plans })).toMatchObject({ success: true });
    expect(await ids('SELECT id FROM work_plans WHERE id = ANY($1::bigint[]) AND manager_id = $2', [plans, id.admin])).toEqual(plans);
    expect(await num("SELECT count(*)::int AS n FROM audit_log WHERE action = 'caseload.replaceManager'")).toBe(1);
  });
});
