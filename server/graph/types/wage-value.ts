import { builder } from '../builder';
import { requireViewer, can, loadViewerFlags } from '../../auth/permissions';
import { paginatedType, pageClause } from '../paginated';
import { raw, run, sql, type SqlFragment } from '../../db/sql';
import type { Row } from '../../db/db';
import type { GraphContext } from '../context';
import { wageValueMeasurementsScope, wageValuePlansScope, staffCompanyScope } from '../../auth/scope';
import { calculate } from '../../../src/domain/wage-value/calculation';
import { draftOfDocument, type MeasurementDocument } from '../../../src/domain/wage-value/measurement';
import { documentOf } from '../../wage-value/measurements';
import { readDefinitiveReport } from '../../wage-value/report-file';
import { dropKeys, maskBsn } from '../../sync/field-rules';
import { ownValue } from '../../../src/domain/shared/input-guards';

/**
 * Wage-value reads (02 §7 queries): measurements with their computed figures (recomputed from the
 * stored groups by the domain's calculation), planning rows, notes, the settings lists and defaults.
 * The screens read the replica; these serve API clients, the report download and tests.
 */
type MeasurementRow = Row & { id: number; uuid: string };

const num = (x: unknown): number | null => (x === null || x === undefined ? null : Number(x));
const iso = (x: unknown): string | null => (x instanceof Date ? x.toISOString() : typeof x === 'string' ? x : null);

const WageValueMeasurement = builder.objectRef<MeasurementRow>('WageValueMeasurement').implement({
  description: 'A wage-value measurement (02 §3). The figures are computed by the server from the stored groups.',
  fields: (t) => {
    const doc = (r: MeasurementRow): MeasurementDocument => documentOf(r);
    const figures = (r: MeasurementRow): ReturnType<typeof calculate> => calculate(draftOfDocument(doc(r)));
    return {
      id: t.id({ resolve: (r) => Number(r.id) }),
      uuid: t.string({ resolve: (r) => String(r.uuid) }),
      status: t.string({ resolve: (r) => String(r.status) }),
      type: t.int({ resolve: (r) => Number(r.type) }),
      step: t.int({ resolve: (r) => Number(r.step) }),
      summary: t.string({ nullable: true, resolve: (r) => (r.summary as string | null) ?? null }),
      participantId: t.int({ resolve: (r) => Number(r.participant_id) }),
      participant: t.field({
        type: 'JSON',
        description: 'The names and birth date as measured, and the BSN of the participant it refers to, masked (revealParticipantBsn answers it whole).',
        resolve: (r) => ({ ...(dropKeys(r.participant_snapshot, ['bsn']) as Record<string, unknown>), bsn: maskBsn((r.participant_bsn as string | null | undefined) ?? null) }),
      }),
      createdBy: t.int({ resolve: (r) => Number(r.created_by_user_id) }),
      timeCreated: t.string({ resolve: (r) => iso(r.created_at) ?? '' }),
      definitiveAt: t.string({ nullable: true, resolve: (r) => iso(r.definitive_at) }),
      revision: t.int({ resolve: (r) => Number(r.revision) }),
      details: t.field({ type: 'JSON', resolve: (r) => r.details }),
      researchActivities: t.field({ type: 'JSON', resolve: (r) => r.research_activities }),
      tasks: t.field({ type: 'JSON', resolve: (r) => r.tasks }),
      normFunction: t.field({ type: 'JSON', resolve: (r) => r.norm_function }),
      advice: t.field({ type: 'JSON', resolve: (r) => r.advice }),
      reports: t.field({ type: 'JSON', resolve: (r) => r.reports }),
      figures: t.field({ type: 'JSON', description: 'Every computed figure: time shares, task results, totals, norm wage, wage value.', resolve: (r) => figures(r) }),
      workPerformance: t.float({ nullable: true, resolve: (r) => figures(r).workPerformance }),
      wageValue: t.int({ nullable: true, description: 'The wage-value percentage, a whole percent.', resolve: (r) => figures(r).wageValuePercentage }),
      partTimeFactor: t.float({ nullable: true, resolve: (r) => figures(r).partTimeFactor }),
      normWage: t.float({ nullable: true, resolve: (r) => figures(r).normWage }),
      wageValueAmount: t.float({ nullable: true, description: 'norm wage × wage value × part-time factor (wage dispensation).', resolve: (r) => figures(r).wageValue }),
    };
  },
});

const MeasurementPage = paginatedType('WageValueMeasurement', WageValueMeasurement);

const SORTS: Record<string, string> = { timeCreated: 't.created_at', startingDate: 't.starting_date', employerName: 't.employer_name', wageValue: 't.wage_value', status: 't.status' };

builder.queryField('wageValueMeasurements', (t) =>
  t.field({
    type: MeasurementPage,
    args: {
      status: t.arg.string({ required: false }),
      type: t.arg.int({ required: false }),
      participantId: t.arg.int({ required: false }),
      uuid: t.arg.string({ required: false }),
      search: t.arg.string({ required: false }),
      sort: t.arg.string({ required: false }),
      descending: t.arg.boolean({ required: false }),
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'wageValueMeasurements', await loadViewerFlags(ctx.db, viewer))) return { totalItems: 0, records: [] };
      const where: SqlFragment[] = [sql`t.company_id = ${viewer.companyId}`, raw('t.deleted_at IS NULL'), wageValueMeasurementsScope(viewer, 't')];
      if (args.status) where.push(sql`t.status = ${args.status}`);
      // Only the two types exist (a larger number would not even fit the column): anything else matches nothing.
      if (args.type) where.push(args.type === 1 || args.type === 2 ? sql`t.type = ${args.type}` : raw('FALSE'));
      if (args.participantId) where.push(sql`t.participant_id = ${args.participantId}`);
      if (args.uuid) where.push(sql`t.uuid::text = ${args.uuid}`);
      if (args.search) {
        const like = `%${args.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        where.push(sql`(t.employer_name ILIKE ${like} OR (t.participant_snapshot->>'lastname') ILIKE ${like} OR (t.participant_snapshot->>'firstname') ILIKE ${like})`);
      }
      const cond = where.reduce((a, b) => sql`${a} AND ${b}`);
      const order = raw(`${ownValue(SORTS, args.sort ?? 'timeCreated') ?? 't.created_at'} ${args.descending === false ? 'ASC' : 'DESC'} NULLS LAST, t.id DESC`);
      const { rows } = await run<MeasurementRow & { total: string }>(ctx.db, sql`SELECT t.*, (SELECT p.bsn FROM participants p WHERE p.id = t.participant_id) AS participant_bsn, count(*) OVER () AS total FROM wage_value_measurements t WHERE ${cond} ORDER BY ${order}${pageClause(args)}`);
      return { totalItems: Number(rows[0]?.total ?? 0), records: rows };
    },
  }),
);

interface ListEntry { id: number; uuid: string; label: string; locked: boolean }
const WageValueListEntry = builder.objectRef<ListEntry>('WageValueListEntry').implement({
  description: 'A status, sequence or region entry (02 §3): id, label, locked.',
  fields: (t) => ({ id: t.exposeID('id'), uuid: t.exposeString('uuid'), label: t.exposeString('label'), locked: t.exposeBoolean('locked') }),
});

async function listEntries(ctx: Pick<GraphContext, 'viewer' | 'db'>, table: string): Promise<ListEntry[]> {
  const viewer = requireViewer(ctx);
  const { rows } = await run<ListEntry>(ctx.db, sql`SELECT t.id, t.uuid::text AS uuid, t.label, t.locked FROM ${raw(table)} t
    WHERE t.deleted_at IS NULL AND ${staffCompanyScope(viewer, 't')} ORDER BY t.sort_order, t.label`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

builder.queryField('wageValuePlanStatus', (t) => t.field({ type: [WageValueListEntry], resolve: (_r, _a, ctx) => listEntries(ctx, 'wage_value_plan_statuses') }));
builder.queryField('wageValuePlanSequence', (t) => t.field({ type: [WageValueListEntry], resolve: (_r, _a, ctx) => listEntries(ctx, 'wage_value_plan_sequences') }));
builder.queryField('wageValuePlanRegion', (t) => t.field({ type: [WageValueListEntry], resolve: (_r, _a, ctx) => listEntries(ctx, 'wage_value_regions') }));

interface SettingsShape { statuses: ListEntry[]; sequences: ListEntry[]; regions: ListEntry[]; defaults: Row | null }
const PlanLabelDefaults = builder.objectRef<Row>('WageValuePlanLabelDefaults').implement({
  fields: (t) => ({
    newPlanStatus: t.int({ nullable: true, resolve: (r) => num(r.new_plan_status_id) }),
    newPlanMeasurementSequence: t.int({ nullable: true, resolve: (r) => num(r.new_plan_sequence_id) }),
    definitivePlanStatus: t.int({ nullable: true, resolve: (r) => num(r.definitive_plan_status_id) }),
    definitivePlanMeasurementSequence: t.int({ nullable: true, resolve: (r) => num(r.definitive_plan_sequence_id) }),
  }),
});
const WageValueSettings = builder.objectRef<SettingsShape>('WageValueSettings').implement({
  fields: (t) => ({
    sequence: t.field({ type: [WageValueListEntry], resolve: (s) => s.sequences }),
    status: t.field({ type: [WageValueListEntry], resolve: (s) => s.statuses }),
    region: t.field({ type: [WageValueListEntry], resolve: (s) => s.regions }),
    planLabelDefaults: t.field({ type: PlanLabelDefaults, nullable: true, resolve: (s) => s.defaults }),
  }),
});

builder.queryField('wageValueSettings', (t) =>
  t.field({
    type: WageValueSettings,
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await run(ctx.db, sql`SELECT * FROM wage_value_settings t WHERE t.deleted_at IS NULL AND ${staffCompanyScope(viewer, 't')}`);
      return {
        statuses: await listEntries(ctx, 'wage_value_plan_statuses'),
        sequences: await listEntries(ctx, 'wage_value_plan_sequences'),
        regions: await listEntries(ctx, 'wage_value_regions'),
        defaults: rows[0] ?? null,
      };
    },
  }),
);

type PlanRow = Row & { id: number };
const WageValuePlan = builder.objectRef<PlanRow>('WageValuePlan').implement({
  description: 'A planning row (02 §3).',
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.id) }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    participantId: t.int({ resolve: (r) => Number(r.participant_id) }),
    status: t.int({ nullable: true, resolve: (r) => num(r.status_id) }),
    measurementSequence: t.int({ nullable: true, resolve: (r) => num(r.sequence_id) }),
    region: t.int({ nullable: true, resolve: (r) => num(r.region_id) }),
    active: t.boolean({ resolve: (r) => Boolean(r.active) }),
    planDate: t.string({ nullable: true, resolve: (r) => (r.plan_date instanceof Date ? r.plan_date.toISOString().slice(0, 10) : (r.plan_date as string | null)) }),
    assessor: t.int({ nullable: true, resolve: (r) => num(r.assessor_user_id) }),
    employerName: t.string({ nullable: true, resolve: (r) => r.employer_name as string | null }),
    employerAddress: t.string({ nullable: true, resolve: (r) => r.employer_address as string | null }),
    employerPlace: t.string({ nullable: true, resolve: (r) => r.employer_place as string | null }),
    employerContact: t.string({ nullable: true, resolve: (r) => r.employer_contact as string | null }),
    employerPhone: t.string({ nullable: true, resolve: (r) => r.employer_phone as string | null }),
    jobCoach: t.string({ nullable: true, resolve: (r) => r.job_coach as string | null }),
    notes: t.string({ nullable: true, resolve: (r) => r.notes as string | null }),
    measurement: t.int({ nullable: true, resolve: (r) => num(r.measurement_id) }),
    createdBy: t.int({ nullable: true, resolve: (r) => num(r.created_by_user_id) }),
    updatedBy: t.int({ nullable: true, resolve: (r) => num(r.updated_by_user_id) }),
    timeCreated: t.string({ resolve: (r) => iso(r.created_at) ?? '' }),
    timeLastModified: t.string({ resolve: (r) => iso(r.updated_at) ?? '' }),
  }),
});
const PlanPage = paginatedType('WageValuePlan', WageValuePlan);

builder.queryField('wageValuePlans', (t) =>
  t.field({
    type: PlanPage,
    args: { active: t.arg.boolean({ required: false }), statusId: t.arg.int({ required: false }), regionId: t.arg.int({ required: false }), page: t.arg.int({ required: false }), perPage: t.arg.int({ required: false }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const where: SqlFragment[] = [sql`t.company_id = ${viewer.companyId}`, raw('t.deleted_at IS NULL'), wageValuePlansScope(viewer, 't')];
      if (args.active != null) where.push(sql`t.active = ${args.active}`);
      if (args.statusId) where.push(sql`t.status_id = ${args.statusId}`);
      if (args.regionId) where.push(sql`t.region_id = ${args.regionId}`);
      const cond = where.reduce((a, b) => sql`${a} AND ${b}`);
      const { rows } = await run<PlanRow & { total: string }>(ctx.db, sql`SELECT t.*, count(*) OVER () AS total FROM wage_value_plans t WHERE ${cond} ORDER BY t.plan_date DESC NULLS LAST, t.id DESC${pageClause(args)}`);
      return { totalItems: Number(rows[0]?.total ?? 0), records: rows };
    },
  }),
);

const WageValuePlanNote = builder.objectRef<Row>('WageValuePlanNote').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.id) }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    noteDate: t.string({ resolve: (r) => (r.note_date instanceof Date ? r.note_date.toISOString().slice(0, 10) : String(r.note_date)) }),
    assessor: t.int({ nullable: true, resolve: (r) => num(r.assessor_user_id) }),
    text: t.string({ resolve: (r) => String(r.text) }),
    createdBy: t.int({ nullable: true, resolve: (r) => num(r.created_by_user_id) }),
    updatedBy: t.int({ nullable: true, resolve: (r) => num(r.updated_by_user_id) }),
  }),
});

builder.queryField('wageValuePlanNotes', (t) =>
  t.field({
    type: [WageValuePlanNote],
    args: { planId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { rows } = await run(ctx.db, sql`SELECT n.* FROM wage_value_plan_notes n JOIN wage_value_plans t ON t.id = n.plan_id
        WHERE (t.id::text = ${String(args.planId)} OR t.uuid::text = ${String(args.planId)}) AND n.deleted_at IS NULL AND t.deleted_at IS NULL
          AND ${wageValuePlansScope(viewer, 't')} ORDER BY n.note_date DESC, n.id DESC`);
      return rows;
    },
  }),
);

interface ReportShape { name: string; base64: string }
export const WageValueReportFile = builder.objectRef<ReportShape>('WageValueReportFile').implement({
  description: 'A report PDF: file name and the bytes in base64.',
  fields: (t) => ({ name: t.exposeString('name'), mime: t.string({ resolve: () => 'application/pdf' }), base64: t.exposeString('base64') }),
});

builder.queryField('wageValueReport', (t) =>
  t.field({
    type: WageValueReportFile,
    nullable: true,
    description: 'The stored report (file kind 18) of a definitive measurement.',
    args: { measurementUuid: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(args.measurementUuid)) return null;
      const file = await readDefinitiveReport(ctx.db, ctx.config.dataDir, viewer, args.measurementUuid);
      return file ? { name: file.name, base64: file.bytes.toString('base64') } : null;
    },
  }),
);
