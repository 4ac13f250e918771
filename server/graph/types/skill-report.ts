import type { ArgBuilder } from '@pothos/core';
import { builder } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { paginatedType } from '../paginated';
import { parseArgs } from '../parse-args';
import { countSkillReport, skillReportPage, type SkillReportRow } from '../../skill-report/report';
import { ExportSkillReportSchema, SkillReportFilterSchema, skillReportQuery } from '../../../src/domain/skill-report/inputs';

/**
 * skillReport and exportSkillReport (02 §1 "The skill report can be exported", §3 "Skill report row", §7).
 * Rows of the caseload only (server/skill-report/report.ts). The export follows exportUsers/exportParticipants:
 * the answer carries the address that streams the file and its row count; the route checks again.
 */
const named = (id: number | null, name: string | null) => (id === null || name === null ? null : { id: Number(id), name });
const Named = builder.objectRef<{ id: number; name: string }>('SkillReportItem').implement({
  fields: (t) => ({ id: t.id({ resolve: (x) => x.id }), name: t.exposeString('name') }),
});

const SkillReportRowRef = builder.objectRef<SkillReportRow>('SkillReportRow').implement({
  description: 'A behaviour (with competency and system) or skill (with discipline and category) score of a participant.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => r.id }),
    kind: t.string({ description: 'behavior or skill', resolve: (r) => r.kind }),
    currentScore: t.int({ nullable: true, resolve: (r) => (r.current_score === null ? null : Number(r.current_score)) }),
    startScore: t.int({ nullable: true, resolve: (r) => (r.start_score === null ? null : Number(r.start_score)) }),
    targetScore: t.int({ nullable: true, resolve: (r) => (r.target_score === null ? null : Number(r.target_score)) }),
    participant: t.field({ type: Named, resolve: (r) => ({ id: Number(r.participant_id), name: r.participant_name }) }),
    project: t.field({ type: Named, nullable: true, resolve: (r) => named(r.project_id, r.project_name) }),
    competencySystem: t.field({ type: Named, nullable: true, resolve: (r) => named(r.competency_system_id, r.competency_system_name) }),
    competency: t.string({ nullable: true, resolve: (r) => r.competency_name }),
    behavior: t.field({ type: Named, nullable: true, resolve: (r) => named(r.behavior_id, r.behavior_name) }),
    discipline: t.field({ type: Named, nullable: true, resolve: (r) => named(r.discipline_id, r.discipline_name) }),
    category: t.field({ type: Named, nullable: true, resolve: (r) => named(r.category_id, r.category_label) }),
    skill: t.field({ type: Named, nullable: true, resolve: (r) => named(r.skill_id, r.skill_name) }),
  }),
});

/** The report's filter arguments, the same for skillReport and exportSkillReport. */
function filterArgsOf(arg: ArgBuilder<typeof builder.$inferSchemaTypes>) {
  return {
    kind: arg.string({ required: false, description: 'behavior, skill or all (default)' }),
    participantId: arg.id({ required: false, description: 'one participant' }),
    projectId: arg.id({ required: false, description: "the participants' project" }),
    competencySystemId: arg.id({ required: false, description: 'behaviours of one competency system' }),
    disciplineId: arg.id({ required: false, description: 'skills of one discipline' }),
    search: arg.string({ required: false, description: "words of the participant's name" }),
  };
}

builder.queryField('skillReport', (t) =>
  t.field({
    type: paginatedType('SkillReportRow', SkillReportRowRef),
    description: 'The skill report of the caseload (skillReport:view), paged (15; perPage 0 = all).',
    args: {
      ...filterArgsOf(t.arg),
      page: t.arg.int({ required: false }),
      perPage: t.arg.int({ required: false }),
    },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      const { page, perPage, ...rest } = a;
      const filter = parseArgs(SkillReportFilterSchema, Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)));
      return skillReportPage(ctx.db, viewer, filter, { page, perPage });
    },
  }),
);

interface ExportAnswer {
  success: boolean;
  reason: string | null;
  url: string | null;
  rows: number | null;
}
const SkillReportExport = builder.objectRef<ExportAnswer>('SkillReportExport').implement({
  description: 'The answer of exportSkillReport: the address that streams the file (csv or xlsx), and its row count.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
    url: t.exposeString('url', { nullable: true }),
    rows: t.exposeInt('rows', { nullable: true }),
  }),
});

builder.mutationField('exportSkillReport', (t) =>
  t.field({
    type: SkillReportExport,
    description: 'Prepares the skill report export (skillReport:export) for the same filters as skillReport.',
    args: {
      format: t.arg.string({ required: true }),
      ...filterArgsOf(t.arg),
    },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'export', 'skillReport')) return { success: false, reason: 'skillReport.errors.notAllowed', url: null, rows: null };
      const { format, ...rest } = a;
      const filter = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined));
      let parsed;
      try {
        parsed = parseArgs(ExportSkillReportSchema, { format, filter });
      } catch (error) {
        const reason = (error as { extensions?: { reason?: unknown } }).extensions?.reason;
        return { success: false, reason: typeof reason === 'string' ? reason : 'skillReport.errors.invalidFilter', url: null, rows: null };
      }
      const query = skillReportQuery(parsed.filter);
      return { success: true, reason: null, url: `/api/skill-report/export.${parsed.format}${query}`, rows: await countSkillReport(ctx.db, viewer, parsed.filter ?? { kind: 'all' }) };
    },
  }),
);
