/**
 * saveWageValueSettings: the status, sequence and region lists (entries by uuid: new ones added,
 * missing ones removed, locked ones kept as they are) and the plan label defaults.
 */
import * as v from 'valibot';
import { run, sql, raw } from '../db/sql';
import { can } from '../auth/permissions';
import { SettingsSchema, settingsIssue } from '../../src/domain/wage-value/schemas';
import { E, ok, refuse, type EffectAnswer, type EffectContext } from './effect';

type ListTable = 'wage_value_plan_statuses' | 'wage_value_plan_sequences' | 'wage_value_regions';

async function saveList(c: EffectContext, table: ListTable, entries: readonly { uuid: string; label: string }[]): Promise<Map<string, number> | string> {
  const { rows } = await run<{ id: number; uuid: string; label: string; locked: boolean }>(c.tx,
    sql`SELECT id, uuid::text AS uuid, label, locked FROM ${raw(table)} WHERE company_id = ${c.viewer.companyId} AND deleted_at IS NULL FOR UPDATE`);
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const wanted = new Set(entries.map((e) => e.uuid));
  for (const r of rows) if (!wanted.has(r.uuid) && r.locked) return E('lockedEntry');
  for (const e of entries) {
    const r = byUuid.get(e.uuid);
    if (r?.locked && r.label !== e.label) return E('lockedEntry');
  }
  const ids = new Map<string, number>();
  for (const r of rows) {
    if (!wanted.has(r.uuid)) await run(c.tx, sql`UPDATE ${raw(table)} SET deleted_at = now() WHERE id = ${r.id}`);
  }
  for (const [i, e] of entries.entries()) {
    const r = byUuid.get(e.uuid);
    if (r) {
      if (r.label !== e.label) await run(c.tx, sql`UPDATE ${raw(table)} SET label = ${e.label}, sort_order = ${i} WHERE id = ${r.id}`);
      ids.set(e.uuid, Number(r.id));
    } else {
      const taken = await run(c.tx, sql`SELECT 1 FROM ${raw(table)} WHERE uuid = ${e.uuid}::uuid`);
      if (taken.rows.length > 0) return E('listEntryNotFound');
      const { rows: ins } = await run<{ id: number }>(c.tx, sql`INSERT INTO ${raw(table)} (uuid, company_id, label, sort_order)
        VALUES (${e.uuid}::uuid, ${c.viewer.companyId}, ${e.label}, ${i}) RETURNING id`);
      ids.set(e.uuid, Number(ins[0]?.id));
    }
  }
  return ids;
}

export async function saveSettings(c: EffectContext, input: unknown): Promise<EffectAnswer> {
  if (!can(c.viewer, 'manage', 'wageValueSettings')) return refuse(E('forbidden'));
  const parsed = v.safeParse(SettingsSchema, input);
  if (!parsed.success) {
    const m = parsed.issues[0].message;
    return refuse(m.startsWith('wageValue.') ? m : E('invalidInput'));
  }
  const s = parsed.output;
  const issue = settingsIssue(s);
  if (issue) return refuse(issue);
  const statuses = await saveList(c, 'wage_value_plan_statuses', s.statuses);
  if (typeof statuses === 'string') return refuse(statuses);
  const sequences = await saveList(c, 'wage_value_plan_sequences', s.sequences);
  if (typeof sequences === 'string') return refuse(sequences);
  const regions = await saveList(c, 'wage_value_regions', s.regions);
  if (typeof regions === 'string') return refuse(regions);
  const id = (m: Map<string, number>, u: string | null): number | null => (u === null ? null : m.get(u) ?? null);
  await run(c.tx, sql`INSERT INTO wage_value_settings (company_id, new_plan_status_id, new_plan_sequence_id, definitive_plan_status_id, definitive_plan_sequence_id)
    VALUES (${c.viewer.companyId}, ${id(statuses, s.newPlanStatus)}, ${id(sequences, s.newPlanMeasurementSequence)}, ${id(statuses, s.definitivePlanStatus)}, ${id(sequences, s.definitivePlanMeasurementSequence)})
    ON CONFLICT (company_id) DO UPDATE SET new_plan_status_id = EXCLUDED.new_plan_status_id, new_plan_sequence_id = EXCLUDED.new_plan_sequence_id,
      definitive_plan_status_id = EXCLUDED.definitive_plan_status_id, definitive_plan_sequence_id = EXCLUDED.definitive_plan_sequence_id, deleted_at = NULL`);
  return ok();
}
