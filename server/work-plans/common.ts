import { todayIso } from '../../src/domain/format/format';
import * as v from 'valibot';
import type { Queryable } from '../db/db';
import { raw, run, sql } from '../db/sql';
import { scopeOf } from '../auth/scope';
import type { Viewer } from '../auth/viewer';
import { WorkPlanReason } from '../../src/domain/work-plan/reasons';

/**
 * What every work-plan write answers: the spec's {success, reason}. The effects have the shape
 * `(tx, viewer, input) => Promise<EffectAnswer>` so registering them as declared writes is one line each.
 */
export interface EffectAnswer {
  success: boolean;
  reason: string | null;
  conflict?: null;
}
export type Effect = (tx: Queryable, viewer: Viewer, input: unknown) => Promise<EffectAnswer>;

export const ok = (): EffectAnswer => ({ success: true, reason: null });
export const refuse = (reason: string): EffectAnswer => ({ success: false, reason });

/** Parses with the domain schema; the first issue's key is the reason. */
export function parseOr<S extends v.GenericSchema>(schema: S, input: unknown): { value: v.InferOutput<S> } | { answer: EffectAnswer } {
  const r = v.safeParse(schema, input);
  if (r.success) return { value: r.output };
  return { answer: refuse(r.issues[0]?.message.startsWith('workPlans.') ? r.issues[0].message : WorkPlanReason.invalidInput) };
}

const SAFE = /^[a-z_]+$/;

/** A row by uuid in the viewer's scope (not deleted), locked when asked. */
export async function byUuid<T>(tx: Queryable, table: string, viewer: Viewer, uuid: string, forUpdate = false): Promise<T | null> {
  if (!SAFE.test(table)) throw new Error(`unsafe table ${table}`);
  const { rows } = await run<T>(
    tx,
    sql`SELECT t.* FROM ${raw(table)} t WHERE t.uuid = ${uuid}::uuid AND t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')}${raw(forUpdate ? ' FOR UPDATE' : '')}`,
  );
  return rows[0] ?? null;
}

/**
 * Whether another organisation holds a row with this uuid. Keys are unique per organisation (Citus-ready,
 * migration 013), and uuids stay unique across the installation by this check: an insert with a uuid taken
 * elsewhere is refused as before, rather than becoming a second row with the same uuid.
 */
export async function uuidTakenElsewhere(tx: Queryable, table: string, viewer: Viewer, uuid: string): Promise<boolean> {
  if (!SAFE.test(table)) throw new Error(`unsafe table ${table}`);
  const { rows } = await run(tx, sql`SELECT 1 FROM ${raw(table)} WHERE uuid = ${uuid}::uuid AND company_id <> ${viewer.companyId} LIMIT 1`);
  return rows.length > 0;
}

export async function byId<T>(tx: Queryable, table: string, viewer: Viewer, id: number, forUpdate = false): Promise<T | null> {
  if (!SAFE.test(table)) throw new Error(`unsafe table ${table}`);
  const { rows } = await run<T>(
    tx,
    sql`SELECT t.* FROM ${raw(table)} t WHERE t.id = ${id} AND t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')}${raw(forUpdate ? ' FOR UPDATE' : '')}`,
  );
  return rows[0] ?? null;
}

export interface WorkPlanSettings {
  hasManager: boolean;
  changeResourceCode: boolean;
  srgEnabled: boolean;
}

export async function workPlanSettings(tx: Queryable, companyId: number): Promise<WorkPlanSettings> {
  const { rows } = await tx.query<{ settings: Record<string, unknown> | null }>('SELECT settings FROM companies WHERE id = $1', [companyId]);
  const s = rows[0]?.settings ?? {};
  const wp = (s.workPlanSettings ?? {}) as Record<string, unknown>;
  return { hasManager: wp['has-manager'] === true, changeResourceCode: wp['change-resource-code'] === true, srgEnabled: s.srgEnabled === true };
}

/** Today as YYYY-MM-DD (UTC). */
/** Today on the users' calendar (Europe/Amsterdam): a plan starting today is running from midnight in Amsterdam, not from midnight UTC. */
export const today = (): string => todayIso();

export interface WorkPlanRow {
  id: number;
  uuid: string;
  company_id: number;
  participant_id: number;
  blueprint_id: number | null;
  name: string;
  status: 'to_start' | 'running' | 'finished';
  coach_id: number | null;
  manager_id: number | null;
  start_date: string | null;
  expected_end_date: string | null;
  time_finished: string | null;
  termination_reason_id: number | null;
  deleted_at: string | null;
}

export interface AssignmentRow {
  id: number;
  uuid: string;
  work_plan_id: number;
  work_order_id: number;
  participant_id: number;
  status: number;
  review_requested_at: Date | null;
}
