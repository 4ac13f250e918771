import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { parseId } from '../scoped';
import { participantInScope, pdpRows, referenceRows, type PdpRow } from '../../work-plans/queries';
import { staffViaParticipant } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { text, type Row } from './work-plan';

/** The personal development profile (POP, 02 §3) and its reference lists, for other clients. */
const PdpScore = builder.objectRef<PdpRow>('PdpScore').implement({
  description: 'A behaviour or skill of the profile with start, current, target and self scores.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => r.behavior_id ?? r.skill_id ?? 0 }),
    name: t.exposeString('name'),
    startScore: t.int({ nullable: true, resolve: (r) => r.start_score }),
    currentScore: t.int({ nullable: true, resolve: (r) => r.current_score }),
    targetScore: t.int({ nullable: true, resolve: (r) => r.target_score }),
    selfScore: t.int({ nullable: true, description: '0 or less counts as none', resolve: (r) => (r.self_score !== null && r.self_score > 0 ? r.self_score : null) }),
    reviewed: t.exposeBoolean('reviewed'),
    criteria: t.field({ type: 'JSON', resolve: (r) => r.criteria }),
  }),
});

interface Group {
  id: number;
  name: string;
  habitat: boolean;
  items: PdpRow[];
}
const group = (rows: PdpRow[]): Group[] => {
  const out = new Map<number, Group>();
  for (const r of rows) {
    const g = out.get(r.group_id) ?? { id: r.group_id, name: r.group_name, habitat: r.habitat ?? false, items: [] };
    g.items.push(r);
    out.set(r.group_id, g);
  }
  return [...out.values()];
};

const ParticipantCompetency = builder.objectRef<Group>('ParticipantCompetency').implement({
  fields: (t) => ({
    competency: t.field({
      type: builder.objectRef<Group>('SystemCompetency').implement({
        fields: (u) => ({ id: u.exposeID('id'), name: u.exposeString('name'), habitat: u.exposeBoolean('habitat') }),
      }),
      resolve: (g) => g,
    }),
    behaviors: t.field({ type: [PdpScore], resolve: (g) => g.items }),
  }),
});

const ParticipantDiscipline = builder.objectRef<Group>('ParticipantDiscipline').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name'), skills: t.field({ type: [PdpScore], resolve: (g) => g.items }) }),
});

builder.queryField('participantCompetencies', (t) =>
  t.field({
    type: [ParticipantCompetency],
    args: { participantId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => group(await pdpRows(ctx.db, requireViewer(ctx), parseId(a.participantId) ?? 0, 'behavior')),
  }),
);

builder.queryField('participantDisciplines', (t) =>
  t.field({
    type: [ParticipantDiscipline],
    args: { participantId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => group(await pdpRows(ctx.db, requireViewer(ctx), parseId(a.participantId) ?? 0, 'skill')),
  }),
);

const LadderStep = builder.objectRef<Row>('ParticipationLadderStep').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.id) }),
    step: t.int({ resolve: (r) => Number(r.step) }),
    assessedOn: t.string({ resolve: (r) => String(r.assessed_on) }),
    notes: t.string({ nullable: true, resolve: (r) => text(r.notes) }),
  }),
});

builder.queryField('participationLadder', (t) =>
  t.field({
    type: [LadderStep],
    description: 'The participation-ladder steps of a participant over time (staff only).',
    args: { participantId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      const id = parseId(a.participantId) ?? 0;
      if (!(await participantInScope(ctx.db, viewer, id))) return [];
      return (await run<Row>(ctx.db, sql`SELECT * FROM participation_ladder_steps l WHERE l.participant_id = ${id} AND l.deleted_at IS NULL AND ${staffViaParticipant()(viewer, 'l')} ORDER BY assessed_on`)).rows;
    },
  }),
);

const Behavior = builder.objectRef<Row>('CompetencyBehavior').implement({
  fields: (t) => ({ id: t.id({ resolve: (r) => Number(r.id) }), name: t.string({ resolve: (r) => String(r.name) }), criteria: t.field({ type: 'JSON', resolve: (r) => r.criteria }) }),
});
const Competency = builder.objectRef<Row>('Competency').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.id) }),
    name: t.string({ resolve: (r) => String(r.name) }),
    habitat: t.boolean({ resolve: (r) => r.habitat === true }),
    behaviors: t.field({ type: [Behavior], resolve: async (r, _a, ctx) => (await ctx.db.query<Row>('SELECT * FROM behaviors WHERE competency_id = $1 AND deleted_at IS NULL ORDER BY sort_order, id', [r.id])).rows }),
  }),
});

builder.queryField('competency', (t) =>
  t.field({
    type: Competency,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => (await referenceRows<Row>(ctx.db, requireViewer(ctx), 'competencies', 'id', sql` AND t.id = ${parseId(a.id) ?? 0}`))[0] ?? null,
  }),
);

const Skill = builder.objectRef<Row>('DisciplineSkill').implement({
  fields: (t) => ({ id: t.id({ resolve: (r) => Number(r.id) }), name: t.string({ resolve: (r) => String(r.name) }), categoryId: t.id({ nullable: true, resolve: (r) => (r.category_id == null ? null : Number(r.category_id)) }) }),
});
const Discipline = builder.objectRef<Row>('Discipline').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.id) }),
    name: t.string({ resolve: (r) => String(r.name) }),
    description: t.string({ nullable: true, resolve: (r) => text(r.description) }),
    skills: t.field({ type: [Skill], resolve: async (r, _a, ctx) => (await ctx.db.query<Row>('SELECT * FROM skills WHERE discipline_id = $1 AND deleted_at IS NULL ORDER BY sort_order, id', [r.id])).rows }),
  }),
});

builder.queryField('disciplines', (t) =>
  t.field({ type: [Discipline], resolve: (_r, _a, ctx) => referenceRows<Row>(ctx.db, requireViewer(ctx), 'disciplines', 'name, id') }),
);
