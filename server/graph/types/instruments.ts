import { builder } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { companyReferenceScope, staffViaParticipant } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import type { Queryable } from '../../db/db';
import type { Viewer } from '../../auth/viewer';
import { parseArgs } from '../parse-args';
import { instrumentsDisabled, kwnwFlagOn } from '../../instruments/store';
import { InstrumentsMatchArgsSchema } from '../../../src/domain/instruments/inputs';
import { matchPercentage, type MatchCriterion } from '../../../src/domain/instruments/matching';

/**
 * Instrument matching for other clients (02 §3 "Instrument match", "Matching category"; §7 instrumentsMatch,
 * matchingCategories). Instruments and matching lists are company reference data (server/auth/scope.ts);
 * reading them needs instruments:view (staff). Screens read the replica.
 */
interface CriterionShape {
  id: number;
  label: string;
  occurrences: number;
  categoryId: number;
}
interface CategoryShape {
  id: number;
  label: string;
  singleSelection: boolean;
  criteria: CriterionShape[];
}
interface InstrumentShape {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  details: unknown;
  criterionIds: Set<number>;
  categories: CategoryShape[];
}
interface MatchShape {
  instrument: InstrumentShape;
  match: number;
}

const MatchingCriterion = builder.objectRef<CriterionShape>('MatchingCriterion').implement({
  description: 'A matching criterion; occurrences counts the live instruments that meet it.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.id }),
    label: t.exposeString('label'),
    occurrences: t.exposeInt('occurrences'),
  }),
});

const MatchingCategory = builder.objectRef<CategoryShape>('MatchingCategory').implement({
  description: 'A group of matching criteria; singleSelection: one criterion of it may be chosen.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.id }),
    label: t.exposeString('label'),
    singleSelection: t.exposeBoolean('singleSelection'),
    criteria: t.field({ type: [MatchingCriterion], resolve: (c) => c.criteria }),
  }),
});

const MatchedInstrument = builder.objectRef<InstrumentShape>('MatchedInstrument').implement({
  description: 'An instrument as matching shows it: its matching categories hold only the criteria it meets.',
  fields: (t) => ({
    id: t.id({ resolve: (i) => i.id }),
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    details: t.field({ type: 'JSON', resolve: (i) => i.details }),
    matchingCategories: t.field({ type: [MatchingCategory], resolve: (i) => i.categories }),
  }),
});

const InstrumentMatch = builder.objectRef<MatchShape>('InstrumentMatch').implement({
  description: 'An instrument and how well it fits the chosen filters (whole percents, 100 = all).',
  fields: (t) => ({
    instrument: t.field({ type: MatchedInstrument, resolve: (m) => m.instrument }),
    match: t.exposeInt('match'),
  }),
});

/** The company's matching categories with their criteria and how many live instruments meet each. */
export async function matchingCategories(db: Queryable, viewer: Viewer): Promise<CategoryShape[]> {
  const { rows } = await run<{ category_id: number; category_label: string; single_selection: boolean; criterion_id: number | null; criterion_label: string | null; occurrences: number }>(
    db,
    sql`SELECT c.id AS category_id, c.label AS category_label, c.single_selection, k.id AS criterion_id, k.label AS criterion_label,
               (SELECT count(*)::int FROM instrument_criteria ic JOIN instruments i ON i.id = ic.instrument_id
                 WHERE ic.criterion_id = k.id AND i.deleted_at IS NULL) AS occurrences
          FROM matching_categories c
          LEFT JOIN matching_criteria k ON k.category_id = c.id AND k.deleted_at IS NULL AND ${companyReferenceScope(viewer, 'k')}
         WHERE c.deleted_at IS NULL AND ${companyReferenceScope(viewer, 'c')}
         ORDER BY c.sort_order, c.id, k.sort_order, k.id`,
  );
  const out = new Map<number, CategoryShape>();
  for (const r of rows) {
    const id = Number(r.category_id);
    const cat = out.get(id) ?? { id, label: r.category_label, singleSelection: r.single_selection, criteria: [] };
    if (r.criterion_id !== null) cat.criteria.push({ id: Number(r.criterion_id), label: r.criterion_label ?? '', occurrences: Number(r.occurrences), categoryId: id });
    out.set(id, cat);
  }
  return [...out.values()];
}

builder.queryField('matchingCategories', (t) =>
  t.field({
    type: [MatchingCategory],
    description: 'The matching categories of the company with their criteria (instruments:view; empty otherwise).',
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'instruments') || (await instrumentsDisabled(ctx.db, viewer))) return [];
      return matchingCategories(ctx.db, viewer);
    },
  }),
);

builder.queryField('instrumentsMatch', (t) =>
  t.field({
    type: [InstrumentMatch],
    description:
      'Instruments ranked by how many of the chosen matching filters (criterion ids) they meet. Without filters every instrument matches (100). ' +
      'Matching for a participant (KWNW) needs the company\'s KWNW version and its kwnw and instrument access flags. ' +
      'With a case or participant (in the viewer\'s caseload) only instruments whose matching participant statuses include the participant\'s status (or that name none) are answered.',
    args: {
      matchingFilters: t.arg.idList({ required: false }),
      caseId: t.arg.id({ required: false }),
      participantId: t.arg.id({ required: false }),
    },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      const args = parseArgs(InstrumentsMatchArgsSchema, { matchingFilters: a.matchingFilters, caseId: a.caseId, participantId: a.participantId });
      if (!can(viewer, 'view', 'instruments') || (await instrumentsDisabled(ctx.db, viewer))) return [];
      // matching for a participant is KWNW's instrument matching (02 §2 /kwnw/instruments/match): its version and flags
      if (args.participantId != null && args.caseId == null && !(await kwnwFlagOn(ctx.db, viewer, 'instrument'))) return [];
      const categories = await matchingCategories(ctx.db, viewer);
      const byCriterion = new Map<number, { criterion: CriterionShape; category: CategoryShape }>();
      for (const category of categories) for (const criterion of category.criteria) byCriterion.set(criterion.id, { criterion, category });
      // filters outside the company are ignored like unknown ones: they cannot be met
      const chosen: MatchCriterion[] = [...new Set(args.matchingFilters ?? [])].map((id) => {
        const hit = byCriterion.get(id);
        return { id, categoryId: hit?.category.id ?? -id, singleSelection: hit?.category.singleSelection ?? false };
      });
      let statusId: number | null = null;
      if (args.caseId != null || args.participantId != null) {
        const { rows } = args.caseId != null
          ? await run<{ status_id: number }>(ctx.db, sql`SELECT p.status_id FROM cases c JOIN participants p ON p.id = c.participant_id WHERE c.id = ${args.caseId} AND c.deleted_at IS NULL AND ${staffViaParticipant()(viewer, 'c')}`)
          : await run<{ status_id: number }>(ctx.db, sql`SELECT p.status_id FROM participants p WHERE p.id = ${args.participantId} AND p.deleted_at IS NULL AND ${staffViaParticipant('id')(viewer, 'p')}`);
        if (!rows[0]) return [];
        statusId = Number(rows[0].status_id);
      }
      const { rows } = await run<{ id: number; uuid: string; name: string; description: string | null; details: unknown; criterion_ids: (number | string)[] }>(
        ctx.db,
        sql`SELECT i.id, i.uuid, i.name, i.description, i.details,
                   coalesce((SELECT array_agg(ic.criterion_id) FROM instrument_criteria ic WHERE ic.instrument_id = i.id), '{}') AS criterion_ids
              FROM instruments i
             WHERE i.deleted_at IS NULL AND ${companyReferenceScope(viewer, 'i')}
               AND (${statusId}::int IS NULL OR cardinality(i.participant_status_ids) = 0 OR ${statusId}::int = ANY(i.participant_status_ids))
             ORDER BY lower(i.name), i.id`,
      );
      const answers: MatchShape[] = rows.map((r) => {
        const criterionIds = new Set((r.criterion_ids ?? []).map(Number));
        const own = categories
          .map((c) => ({ ...c, criteria: c.criteria.filter((k) => criterionIds.has(k.id)) }))
          .filter((c) => c.criteria.length > 0);
        return {
          instrument: { id: Number(r.id), uuid: r.uuid, name: r.name, description: r.description, details: r.details, criterionIds, categories: own },
          match: matchPercentage(chosen, criterionIds),
        };
      });
      return answers.filter((m) => chosen.length === 0 || m.match > 0).sort((x, y) => y.match - x.match);
    },
  }),
);
