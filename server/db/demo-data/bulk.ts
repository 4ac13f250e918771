import type { Db, Queryable } from '../db';
import { type SeedContext, base } from './context';
import { messageBodies, messageSubjects, replyBodies, reviewTips, reviewTops } from './dutch';
import { type InsertRow, insertRows } from './insert';
import { draftParticipant } from './people';
import { Prng, isoDate, isoTime } from './prng';

export interface BulkOptions {
  participants: number;
  messages: number;
  workPlans: number;
  reviews: number;
  /** The company to add to; default the demo company (or the first one). */
  companyId?: number | undefined;
}

export interface BulkResult {
  companyId: number;
  coachId: number;
  managerId: number;
  participants: number;
  messages: number;
  workPlans: number;
  assignments: number;
  reviews: number;
  reviewScores: number;
  ms: number;
}

type Log = (line: string) => void;

/** Rows per insertRows call: bounds memory; insertRows splits further by parameter count. */
const CHUNK = 5_000;
/** Below this many new rows a VACUUM ANALYZE costs more than it saves. */
const SETTLE_AFTER = 2_000;

async function insertChunked(tx: Queryable, table: string, total: number, make: (i: number) => InsertRow, log: Log): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < total; start += CHUNK) {
    const rows: InsertRow[] = [];
    for (let i = start; i < Math.min(total, start + CHUNK); i++) rows.push(make(i));
    ids.push(...(await insertRows(tx, table, rows)));
    log(`  ${table}: ${Math.min(total, start + CHUNK)}/${total}`);
  }
  return ids;
}

/** Sets hint bits and statistics of freshly written rows, so the next phase's foreign-key checks stay fast. */
async function settle(db: Db, tables: readonly string[], written: number): Promise<void> {
  if (written < SETTLE_AFTER) return;
  for (const t of tables) await db.query(`VACUUM ANALYZE ${t}`);
}

async function one<T>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await tx.query<T>(sql, params)).rows[0];
}

interface Blueprint { id: number; name: string; behaviors: number[]; skills: number[]; workOrders: number[] }

async function loadBlueprints(tx: Queryable, companyId: number): Promise<Blueprint[]> {
  const { rows } = await tx.query<{ id: number; name: string; behaviors: number[] | null; skills: number[] | null; work_orders: number[] | null }>(
    `SELECT b.id, b.name,
            (SELECT array_agg(behavior_id ORDER BY sort_order) FROM blueprint_behaviors x WHERE x.blueprint_id = b.id AND x.deleted_at IS NULL) AS behaviors,
            (SELECT array_agg(skill_id ORDER BY sort_order) FROM blueprint_skills x WHERE x.blueprint_id = b.id AND x.deleted_at IS NULL) AS skills,
            (SELECT array_agg(work_order_id ORDER BY sort_order) FROM blueprint_work_orders x WHERE x.blueprint_id = b.id AND x.deleted_at IS NULL) AS work_orders
       FROM blueprints b WHERE b.company_id = $1 AND b.deleted_at IS NULL ORDER BY b.id`,
    [companyId],
  );
  return rows
    .map((r) => ({ id: Number(r.id), name: r.name, behaviors: (r.behaviors ?? []).map(Number), skills: (r.skills ?? []).map(Number), workOrders: (r.work_orders ?? []).map(Number) }))
    .filter((b) => b.workOrders.length > 0);
}

/**
 * Adds a large data set to an existing, demo-seeded database for benchmarks: participants in the caseload
 * of the company's demo coach and manager, messages between them, work plans with assignments, and reviews.
 * Content is deterministic for a given starting state; each table is written in its own transaction.
 */
export async function seedBulk(db: Db, options: BulkOptions, log: Log = () => undefined): Promise<BulkResult> {
  const started = performance.now();
  const company = options.companyId
    ? await one<{ id: number }>(db, 'SELECT id FROM companies WHERE id = $1', [options.companyId])
    : (await one<{ id: number }>(db, "SELECT id FROM companies WHERE name = 'Demo Werkbedrijf' ORDER BY id LIMIT 1")) ??
      (await one<{ id: number }>(db, 'SELECT id FROM companies ORDER BY id LIMIT 1'));
  if (!company) throw new Error(options.companyId ? `company ${options.companyId} not found` : 'no company: start the server once (or seed the demo) first');
  const companyId = Number(company.id);
  const staff = async (username: string, roleId: number): Promise<number> => {
    const row = (await one<{ id: number }>(db, 'SELECT id FROM users WHERE company_id = $1 AND username = $2', [companyId, username])) ??
      (await one<{ id: number }>(db, 'SELECT id FROM users WHERE company_id = $1 AND acl_role_id = $2 AND deleted_at IS NULL ORDER BY id LIMIT 1', [companyId, roleId]));
    if (!row) throw new Error(`company ${companyId} has no user with role ${roleId}`);
    return Number(row.id);
  };
  const coachId = await staff('coach', 4);
  const managerId = await staff('manager', 3);
  const projects = (await db.query<{ id: number }>('SELECT id FROM projects WHERE company_id = $1 ORDER BY id', [companyId])).rows.map((r) => Number(r.id));
  const maxId = Number((await one<{ n: number }>(db, 'SELECT coalesce(max(id), 0)::bigint AS n FROM participants'))?.n ?? 0);
  const rng = new Prng(0xb01c + maxId);
  const now = new Date();
  const result: BulkResult = { companyId, coachId, managerId, participants: 0, messages: 0, workPlans: 0, assignments: 0, reviews: 0, reviewScores: 0, ms: 0 };

  // Participants
  let participantIds: number[] = [];
  await db.transaction(async (tx) => {
    const ctx: SeedContext = { tx, rng, companyId, now };
    participantIds = await insertChunked(tx, 'participants', options.participants, (i) => {
      const d = draftParticipant(ctx, projects, maxId + i, 'bulk.example');
      return { ...d, coach_id: coachId, manager_id: managerId, display: rng.chance(0.03) ? 2 : 1 };
    }, log);
  });
  result.participants = participantIds.length;
  await settle(db, ['participants'], result.participants);
  if (participantIds.length === 0) {
    participantIds = (await db.query<{ id: number }>('SELECT id FROM participants WHERE company_id = $1 AND coach_id = $2 ORDER BY id', [companyId, coachId])).rows.map((r) => Number(r.id));
  }
  if (participantIds.length === 0 && (options.messages > 0 || options.workPlans > 0)) throw new Error('no participants to attach messages or work plans to');

  // Messages: roots between the coach (or manager) and a participant, then replies pointing at their root.
  await db.transaction(async (tx) => {
    const ctx: SeedContext = { tx, rng, companyId, now };
    const rootCount = Math.ceil(options.messages * 0.6);
    const roots: { participantId: number; staffId: number; fromStaff: boolean; subject: string; daysAgo: number }[] = [];
    const rootIds = await insertChunked(tx, 'messages', Math.min(rootCount, options.messages), () => {
      const participantId = rng.pick(participantIds);
      const staffId = rng.chance(0.75) ? coachId : managerId;
      const fromStaff = rng.chance(0.6);
      const subject = rng.pick(messageSubjects);
      const daysAgo = rng.next() * 365;
      roots.push({ participantId, staffId, fromStaff, subject, daysAgo });
      const read = rng.chance(0.8);
      return {
        ...base(ctx),
        sender_user_id: fromStaff ? staffId : null, sender_participant_id: fromStaff ? null : participantId,
        recipient_user_id: fromStaff ? null : staffId, recipient_participant_id: fromStaff ? participantId : null,
        participant_id: participantId, parent_message_id: null, subject, body: rng.pick(messageBodies),
        read, read_at: read ? isoTime(-daysAgo + 0.05, now) : null, display: rng.chance(0.95), created_at: isoTime(-daysAgo, now),
      };
    }, log);
    const replyIds = await insertChunked(tx, 'messages', options.messages - rootIds.length, () => {
      const k = rng.int(0, roots.length - 1);
      const root = roots[k];
      if (!root) throw new Error('replies need a root message');
      const fromStaff = !root.fromStaff;
      const daysAgo = Math.max(0.01, root.daysAgo - rng.next() * 3);
      const read = rng.chance(0.7);
      return {
        ...base(ctx),
        sender_user_id: fromStaff ? root.staffId : null, sender_participant_id: fromStaff ? null : root.participantId,
        recipient_user_id: fromStaff ? null : root.staffId, recipient_participant_id: fromStaff ? root.participantId : null,
        participant_id: root.participantId, parent_message_id: rootIds[k], subject: `Re: ${root.subject}`, body: rng.pick(replyBodies),
        read, read_at: read ? isoTime(Math.min(0, -daysAgo + 0.05), now) : null, display: true, created_at: isoTime(-daysAgo, now),
      };
    }, log);
    result.messages = rootIds.length + replyIds.length;
  });
  await settle(db, ['messages'], result.messages);

  // Work plans with target scores and assignments; then reviews spread over started assignments.
  if (options.workPlans > 0 || options.reviews > 0) {
    const blueprints = await loadBlueprints(db, companyId);
    if (blueprints.length === 0) throw new Error(`company ${companyId} has no blueprints with work orders to build work plans from`);
    const reasons = (await db.query<{ id: number }>('SELECT id FROM work_plan_termination_reasons WHERE company_id = $1', [companyId])).rows.map((r) => Number(r.id));
    const plans: { id: number; participantId: number; blueprint: Blueprint; status: string; start: number }[] = [];
    await db.transaction(async (tx) => {
      const ctx: SeedContext = { tx, rng, companyId, now };
      const drafts: { participantId: number; blueprint: Blueprint; status: string; start: number }[] = [];
      const planIds = await insertChunked(tx, 'work_plans', options.workPlans, (i) => {
        const participantId = participantIds[i % participantIds.length] ?? 0;
        const blueprint = rng.pick(blueprints);
        const r = rng.next();
        const status = r < 0.6 ? 'running' : r < 0.8 ? 'to_start' : 'finished';
        const start = status === 'to_start' ? rng.int(1, 30) : -rng.int(30, 300);
        drafts.push({ participantId, blueprint, status, start });
        return {
          ...base(ctx), participant_id: participantId, blueprint_id: blueprint.id, name: blueprint.name, status,
          coach_id: coachId, manager_id: managerId, start_date: isoDate(start, now), expected_end_date: isoDate(start + 180, now),
          time_finished: status === 'finished' ? isoDate(Math.min(-1, start + 60), now) : null,
          termination_reason_id: status === 'finished' && reasons.length > 0 ? rng.pick(reasons) : null, created_by_user_id: managerId,
        };
      }, log);
      planIds.forEach((id, i) => {
        const d = drafts[i];
        if (d) plans.push({ id, ...d });
      });
      result.workPlans = plans.length;
    });
    await settle(db, ['work_plans'], result.workPlans);
    await db.transaction(async (tx) => {
      const ctx: SeedContext = { tx, rng, companyId, now };
      const behaviorRows = plans.flatMap((p) => p.blueprint.behaviors.map((b, i) => ({ ...base(ctx), work_plan_id: p.id, behavior_id: b, target_score: 3, sort_order: i })));
      await insertChunked(tx, 'work_plan_behaviors', behaviorRows.length, (i) => behaviorRows[i] ?? {}, log);
      const skillRows = plans.flatMap((p) => p.blueprint.skills.map((s, i) => ({ ...base(ctx), work_plan_id: p.id, skill_id: s, target_score: 3, sort_order: i })));
      await insertChunked(tx, 'work_plan_skills', skillRows.length, (i) => skillRows[i] ?? {}, log);
    });
    const assignmentPlans: { plan: (typeof plans)[number]; status: number }[] = [];
    let assignmentIds: number[] = [];
    await db.transaction(async (tx) => {
      const ctx: SeedContext = { tx, rng, companyId, now };
      for (const plan of plans) {
        const n = plan.blueprint.workOrders.length;
        for (let i = 0; i < n; i++) {
          const status = plan.status === 'to_start' ? 0 : plan.status === 'finished' ? 2 : i < n / 2 ? 2 : i === Math.ceil(n / 2) ? 1 : 0;
          assignmentPlans.push({ plan, status });
        }
      }
      const orderInPlan = new Map<number, number>();
      assignmentIds = await insertChunked(tx, 'assignments', assignmentPlans.length, (i) => {
        const a = assignmentPlans[i];
        if (!a) throw new Error('assignment out of range');
        const order = orderInPlan.get(a.plan.id) ?? 0;
        orderInPlan.set(a.plan.id, order + 1);
        return {
          ...base(ctx), work_plan_id: a.plan.id, work_order_id: a.plan.blueprint.workOrders[order] ?? a.plan.blueprint.workOrders[0],
          participant_id: a.plan.participantId, status: a.status, sort_order: order,
          started_at: a.status === 0 ? null : isoTime(a.plan.start + order * 14, now), completed_at: a.status === 2 ? isoTime(Math.min(-1, a.plan.start + order * 14 + 12), now) : null,
        };
      }, log);
      result.assignments = assignmentIds.length;
    });
    await settle(db, ['assignments'], result.assignments);

    // Reviews go to the started assignments just written, or else to those already in the company.
    const byBlueprint = new Map(blueprints.map((b) => [b.id, b]));
    let targets = assignmentIds
      .map((id, i) => ({ id, a: assignmentPlans[i] }))
      .flatMap((x) => (x.a && x.a.status !== 0 ? [{ id: x.id, participantId: x.a.plan.participantId, start: x.a.plan.start, blueprint: x.a.plan.blueprint }] : []));
    if (targets.length === 0 && options.reviews > 0) {
      const { rows } = await db.query<{ id: number; participant_id: number; blueprint_id: number | null }>(
        `SELECT a.id, a.participant_id, w.blueprint_id FROM assignments a JOIN work_plans w ON w.id = a.work_plan_id
          WHERE a.company_id = $1 AND a.status <> 0 AND a.deleted_at IS NULL ORDER BY a.id`,
        [companyId],
      );
      targets = rows.flatMap((r) => {
        const blueprint = byBlueprint.get(Number(r.blueprint_id));
        return blueprint ? [{ id: Number(r.id), participantId: Number(r.participant_id), start: -60, blueprint }] : [];
      });
      if (targets.length === 0) throw new Error('reviews need started assignments: add --work-plans');
    }
    const reviewTargets: (typeof targets)[number][] = [];
    let reviewIds: number[] = [];
    await db.transaction(async (tx) => {
      const ctx: SeedContext = { tx, rng, companyId, now };
      reviewIds = await insertChunked(tx, 'reviews', targets.length === 0 ? 0 : options.reviews, (i) => {
        const target = targets[i % targets.length];
        if (!target) throw new Error('review target out of range');
        reviewTargets.push(target);
        return {
          ...base(ctx), assignment_id: target.id, participant_id: target.participantId, user_id: coachId, score: rng.int(1, 3),
          top: rng.pick(reviewTops), tip: rng.pick(reviewTips), created_at: isoTime(Math.min(-0.1, target.start + rng.next() * 30), now),
        };
      }, log);
      result.reviews = reviewIds.length;
    });
    await settle(db, ['reviews'], result.reviews);
    await db.transaction(async (tx) => {
      const ctx: SeedContext = { tx, rng, companyId, now };
      const scoreRows = reviewIds.flatMap((reviewId, i) => {
        const bp = reviewTargets[i]?.blueprint;
        if (!bp) return [];
        return [
          ...bp.behaviors.map((b) => ({ ...base(ctx), review_id: reviewId, behavior_id: b, skill_id: null, score: rng.int(1, 3) })),
          ...bp.skills.map((sk) => ({ ...base(ctx), review_id: reviewId, behavior_id: null, skill_id: sk, score: rng.int(1, 3) })),
        ];
      });
      await insertChunked(tx, 'review_scores', scoreRows.length, (i) => scoreRows[i] ?? {}, log);
      result.reviewScores = scoreRows.length;
    });
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
