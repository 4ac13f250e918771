import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { scopeOf } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { isoOrNull, parseId } from '../scoped';

/**
 * participantTests (01 §7): the knowledge tests (kennistesten) a participant was given and their results.
 * Reach: the participant's scope, like the rest of a participant's own data (the participant sees their own,
 * staff their caseload); another company's or an out-of-scope participant answers an empty list.
 * passed: score at or above the test's pass mark once completed; null while open or without a pass mark.
 */
interface TestRow {
  id: number;
  uuid: string;
  status: string;
  score: string | null;
  time_started: unknown;
  time_completed: unknown;
  test_id: number;
  test_name: string;
  test_description: string | null;
  max_score: string;
  pass_score: string | null;
}

const KnowledgeTest = builder.objectRef<TestRow>('KnowledgeTest').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.test_id) }),
    name: t.exposeString('test_name'),
    description: t.exposeString('test_description', { nullable: true }),
    maxScore: t.float({ resolve: (r) => Number(r.max_score) }),
    passScore: t.float({ nullable: true, resolve: (r) => (r.pass_score === null ? null : Number(r.pass_score)) }),
  }),
});

const ParticipantTest = builder.objectRef<TestRow>('ParticipantTest').implement({
  description: 'A knowledge test given to a participant: open, started or completed, with the score.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => Number(r.id) }),
    uuid: t.exposeString('uuid'),
    test: t.field({ type: KnowledgeTest, resolve: (r) => r }),
    status: t.exposeString('status'),
    score: t.float({ nullable: true, resolve: (r) => (r.score === null ? null : Number(r.score)) }),
    passed: t.boolean({
      nullable: true,
      resolve: (r) => (r.status !== 'completed' || r.score === null || r.pass_score === null ? null : Number(r.score) >= Number(r.pass_score)),
    }),
    timeStarted: t.string({ nullable: true, resolve: (r) => isoOrNull(r.time_started) }),
    timeCompleted: t.string({ nullable: true, resolve: (r) => isoOrNull(r.time_completed) }),
  }),
});

builder.queryField('participantTests', (t) =>
  t.field({
    type: [ParticipantTest],
    description: "A participant's knowledge tests, newest first (the participant's scope).",
    args: { participantId: t.arg.id({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const viewer = requireViewer(ctx);
      const id = parseId(a.participantId);
      if (id === null) return [];
      const { rows } = await run<TestRow>(
        ctx.db,
        sql`SELECT pt.id, pt.uuid, pt.status, pt.score, pt.time_started, pt.time_completed,
                   k.id AS test_id, k.name AS test_name, k.description AS test_description, k.max_score, k.pass_score
              FROM participant_tests pt JOIN knowledge_tests k ON k.id = pt.test_id AND k.deleted_at IS NULL
             WHERE pt.participant_id = ${id} AND pt.deleted_at IS NULL AND ${scopeOf('participant_tests')(viewer, 'pt')}
             ORDER BY coalesce(pt.time_completed, pt.time_started, pt.created_at) DESC, pt.id DESC`,
      );
      return rows;
    },
  }),
);
