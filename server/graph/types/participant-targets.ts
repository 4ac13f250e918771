import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { viaParticipant } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { auditMutation, isoOrNull } from '../scoped';
import { portalParticipant } from '../../portal/scope';
import { SetTargetSchema } from '../../../src/domain/portal/targets';

interface TargetRow {
  id: number;
  uuid: string;
  company_id: number;
  participant_id: number;
  description: string;
  target_date: string | Date | null;
  achieved_at: Date | null;
  created_by_user_id: number | null;
  deleted_at: Date | null;
}

const targetScope = viaParticipant();

const ParticipantTarget = builder.objectRef<TargetRow>('ParticipantTarget').implement({
  description: 'A target (doel) of a participant, with an optional date and when it was achieved.',
  fields: (t) => ({
    id: t.field({ type: 'ID', resolve: (r) => Number(r.id) }),
    uuid: t.field({ type: 'ID', resolve: (r) => String(r.uuid) }),
    participantId: t.field({ type: 'ID', resolve: (r) => Number(r.participant_id) }),
    description: t.exposeString('description'),
    targetDate: t.string({ nullable: true, resolve: (r) => (r.target_date instanceof Date ? r.target_date.toISOString().slice(0, 10) : r.target_date) }),
    achievedAt: t.string({ nullable: true, resolve: (r) => isoOrNull(r.achieved_at) }),
  }),
});

builder.queryField('participantTargets', (t) =>
  t.field({
    type: [ParticipantTarget],
    description: "A participant's targets: a participant's own, or one in the staff member's scope.",
    args: { participantId: t.arg.id() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const participantId = await portalParticipant(ctx.db, viewer, args.participantId);
      if (participantId === null) return [];
      const { rows } = await run<TargetRow>(
        ctx.db,
        sql`SELECT t.* FROM participant_targets t WHERE t.participant_id = ${participantId} AND t.deleted_at IS NULL AND ${targetScope(viewer, 't')}
            ORDER BY t.achieved_at IS NOT NULL, t.target_date NULLS LAST, t.id`,
      );
      return rows;
    },
  }),
);

const SetInput = builder.inputType('SetParticipantTargetInput', {
  fields: (t) => ({
    uuid: t.id({ required: true, description: 'the target (client-made for a new one)' }),
    participantId: t.int(),
    description: t.string({ required: true }),
    targetDate: t.string({ description: 'YYYY-MM-DD' }),
    achieved: t.boolean({ required: true }),
  }),
});

builder.mutationField('setParticipantTarget', (t) =>
  t.field({
    type: MutationResult,
    description: 'Creates or updates a target of a participant (upsert by uuid): a participant their own, staff one in their scope.',
    args: { input: t.arg({ type: SetInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(SetTargetSchema, args.input);
      if (!parsed.success) return fail(parsed.issues[0]?.message ?? 'portal.errors.invalid');
      const input = parsed.output;
      const own = viewer.participantId !== null;
      if (!(own ? can(viewer, 'edit', 'ownProfile') : can(viewer, 'edit', 'participants'))) return fail('portal.errors.notAllowed');
      return ctx.db.transaction(async (tx) => {
        const participantId = await portalParticipant(tx, viewer, input.participantId);
        if (participantId === null) return fail('portal.errors.notFound');
        const found = await run<TargetRow>(tx, sql`SELECT * FROM participant_targets WHERE uuid = ${input.uuid}::uuid FOR UPDATE`);
        const existing = found.rows[0];
        const achieved = input.achieved ? sql`coalesce(achieved_at, now())` : sql`NULL`;
        if (existing) {
          if (Number(existing.company_id) !== viewer.companyId || Number(existing.participant_id) !== participantId || existing.deleted_at) return fail('portal.errors.notFound');
          await run(
            tx,
            sql`UPDATE participant_targets SET description = ${input.description}, target_date = ${input.targetDate ?? null}::date, achieved_at = ${achieved}
                WHERE id = ${existing.id}`,
          );
          await auditMutation(tx, { ...ctx, viewer }, 'participant.target.update', 'participant', participantId, { target: input.uuid });
          return ok();
        }
        await run(
          tx,
          sql`INSERT INTO participant_targets (uuid, company_id, participant_id, description, target_date, achieved_at, created_by_user_id)
              VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${participantId}, ${input.description}, ${input.targetDate ?? null}::date,
                      ${input.achieved ? sql`now()` : sql`NULL`}, ${viewer.userId})`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'participant.target.add', 'participant', participantId, { target: input.uuid });
        return ok();
      });
    },
  }),
);
