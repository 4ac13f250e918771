import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { companyReferenceScope } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { auditMutation } from '../scoped';
import { WorkplaceApplicationSchema } from '../../../src/domain/portal/workplaces';

const ApplicationInput = builder.inputType('WorkplaceApplicationInput', {
  fields: (t) => ({
    uuid: t.id({ required: true, description: 'client-made uuid of the application' }),
    workplaceId: t.int({ required: true }),
    motivation: t.string({ required: true }),
  }),
});

builder.mutationField('workplaceApplication', (t) =>
  t.field({
    type: MutationResult,
    description: 'A participant applies for a workplace of their company, once while an application is open.',
    args: { input: t.arg({ type: ApplicationInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(WorkplaceApplicationSchema, args.input);
      if (!parsed.success) return fail(parsed.issues[0]?.message ?? 'portal.errors.invalid');
      const input = parsed.output;
      const participantId = viewer.participantId;
      if (participantId === null || !can(viewer, 'edit', 'ownProfile')) return fail('portal.errors.notAllowed');
      return ctx.db.transaction(async (tx) => {
        const replay = await run<{ company_id: number; participant_id: number; workplace_id: number }>(
          tx,
          sql`SELECT company_id, participant_id, workplace_id FROM workplace_applications WHERE uuid = ${input.uuid}::uuid`,
        );
        if (replay.rows[0]) {
          const same = Number(replay.rows[0].company_id) === viewer.companyId && Number(replay.rows[0].participant_id) === participantId && Number(replay.rows[0].workplace_id) === input.workplaceId;
          return same ? ok() : fail('portal.errors.invalid');
        }
        const wp = await run<{ id: number; capacity: number | null }>(
          tx,
          sql`SELECT w.id, w.capacity FROM workplaces w WHERE w.id = ${input.workplaceId} AND w.deleted_at IS NULL AND ${companyReferenceScope(viewer, 'w')} FOR UPDATE`,
        );
        const workplace = wp.rows[0];
        if (!workplace) return fail('portal.errors.notFound');
        if (workplace.capacity !== null && Number(workplace.capacity) <= 0) return fail('portal.errors.workplaceFull');
        const open = await run(
          tx,
          sql`SELECT 1 FROM workplace_applications WHERE participant_id = ${participantId} AND workplace_id = ${input.workplaceId}
               AND status IN ('submitted', 'accepted') AND deleted_at IS NULL`,
        );
        if (open.rows.length > 0) return fail('portal.errors.alreadyApplied');
        await run(
          tx,
          sql`INSERT INTO workplace_applications (uuid, company_id, participant_id, workplace_id, motivation)
              VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${participantId}, ${input.workplaceId}, ${input.motivation || null})`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'participant.workplace.apply', 'workplace', input.workplaceId, { participantId });
        return ok();
      });
    },
  }),
);
