import { builder } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { scopeOf } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { findInScope, isoOrNull, parseId } from '../scoped';
import { Person, type Row } from './work-plan';

/**
 * case (01 §7, 02 §3: measurements, plans, work plans and instrument matches may hang on a case when a company
 * is caseOriented). Staff only, through the participant's scope, like the pull of `cases`; an unknown id, another
 * company's case or one outside the caseload answers null. Every nested list goes through its own table's scope.
 */
const s = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const d = (v: unknown): string | null => isoOrNull(v)?.slice(0, 10) ?? null;

const CaseParticipant = builder.objectRef<Row>('CaseParticipant').implement({
  fields: (t) => ({
    id: t.id({ resolve: (p) => Number(p.id) }),
    firstname: t.string({ resolve: (p) => s(p.firstname) }),
    prefix: t.string({ nullable: true, resolve: (p) => (typeof p.prefix === 'string' ? p.prefix : null) }),
    lastname: t.string({ resolve: (p) => s(p.lastname) }),
  }),
});

const CaseWorkPlan = builder.objectRef<Row>('CaseWorkPlan').implement({
  fields: (t) => ({
    id: t.id({ resolve: (w) => Number(w.id) }),
    uuid: t.string({ resolve: (w) => String(w.uuid) }),
    name: t.string({ resolve: (w) => String(w.name) }),
    status: t.string({ resolve: (w) => String(w.status) }),
    startDate: t.string({ nullable: true, resolve: (w) => d(w.start_date) }),
    endDate: t.string({ nullable: true, resolve: (w) => d(w.expected_end_date) }),
  }),
});

const CaseInstrumentMatch = builder.objectRef<Row>('CaseInstrumentMatch').implement({
  fields: (t) => ({
    id: t.id({ resolve: (m) => Number(m.id) }),
    uuid: t.string({ resolve: (m) => String(m.uuid) }),
    instrumentId: t.id({ resolve: (m) => Number(m.instrument_id) }),
    instrumentName: t.string({ resolve: (m) => s(m.instrument_name) }),
    startDate: t.string({ resolve: (m) => d(m.start_date) ?? '' }),
    endDate: t.string({ resolve: (m) => d(m.end_date) ?? '' }),
  }),
});

const CaseMeasurement = builder.objectRef<Row>('CaseWageValueMeasurement').implement({
  fields: (t) => ({
    id: t.id({ resolve: (m) => Number(m.id) }),
    uuid: t.string({ resolve: (m) => String(m.uuid) }),
    status: t.string({ resolve: (m) => String(m.status) }),
  }),
});

const Case = builder.objectRef<Row>('Case').implement({
  description: 'A case (traject) of a participant, with what hangs on it.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => Number(c.id) }),
    uuid: t.string({ resolve: (c) => String(c.uuid) }),
    name: t.string({ resolve: (c) => String(c.name) }),
    reference: t.string({ nullable: true, resolve: (c) => (typeof c.reference === 'string' ? c.reference : null) }),
    status: t.string({ description: 'open or closed', resolve: (c) => String(c.status) }),
    startDate: t.string({ nullable: true, resolve: (c) => d(c.start_date) }),
    endDate: t.string({ nullable: true, resolve: (c) => d(c.end_date) }),
    participant: t.field({
      type: CaseParticipant,
      nullable: true,
      resolve: async (c, _a, ctx) => findInScope<Row>(ctx.db, 'participants', requireViewer(ctx), Number(c.participant_id)),
    }),
    manager: t.field({
      type: Person,
      nullable: true,
      resolve: async (c, _a, ctx) => (c.manager_id == null ? null : findInScope<Row>(ctx.db, 'users', requireViewer(ctx), Number(c.manager_id))),
    }),
    workPlans: t.field({
      type: [CaseWorkPlan],
      resolve: async (c, _a, ctx) =>
        (await run<Row>(ctx.db, sql`SELECT w.* FROM work_plans w WHERE w.case_id = ${Number(c.id)} AND w.deleted_at IS NULL AND ${scopeOf('work_plans')(requireViewer(ctx), 'w')} ORDER BY w.start_date NULLS LAST, w.id`)).rows,
    }),
    instrumentMatches: t.field({
      type: [CaseInstrumentMatch],
      resolve: async (c, _a, ctx) =>
        (
          await run<Row>(
            ctx.db,
            sql`SELECT m.*, i.name AS instrument_name FROM instrument_matches m JOIN instruments i ON i.id = m.instrument_id
                 WHERE m.case_id = ${Number(c.id)} AND m.deleted_at IS NULL AND ${scopeOf('instrument_matches')(requireViewer(ctx), 'm')} ORDER BY m.start_date, m.id`,
          )
        ).rows,
    }),
    wageValueMeasurements: t.field({
      type: [CaseMeasurement],
      resolve: async (c, _a, ctx) =>
        (await run<Row>(ctx.db, sql`SELECT m.id, m.uuid, m.status FROM wage_value_measurements m WHERE m.case_id = ${Number(c.id)} AND m.deleted_at IS NULL AND ${scopeOf('wage_value_measurements')(requireViewer(ctx), 'm')} ORDER BY m.id`)).rows,
    }),
  }),
});

builder.queryField('case', (t) =>
  t.field({
    type: Case,
    nullable: true,
    description: 'A case by id: staff with the participant in their caseload; null otherwise.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      const id = parseId(a.id);
      if (id === null || !can(viewer, 'view', 'participants')) return null;
      return findInScope<Row>(ctx.db, 'cases', viewer, id);
    },
  }),
);
