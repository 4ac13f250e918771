import { builder } from '../builder';
import { PushResult } from './sync-push-result';
import { withClientMutation } from '../../sync/client-mutation';
import { WORK_PLAN_EFFECTS } from '../../work-plans/effects';

/**
 * The work-plan writes (02 §7: addWorkPlan, updateWorkPlan incl. the batched coach/manager change,
 * deleteWorkPlan, saveBlueprint, deleteBlueprint, requestReview, updatePdpBehavior, updatePdpSkill; plus
 * the review, self-review, end, reopen and undo writes). Each runs exactly once per clientMutationId and
 * answers {success, reason}; the input is parsed by the domain's valibot schema inside the effect.
 * TODO(sync): once the declared-writes framework is on main, each becomes one registerWrite line.
 */
for (const [name, effect] of Object.entries(WORK_PLAN_EFFECTS)) {
  builder.mutationField(name, (t) =>
    t.field({
      type: PushResult,
      args: {
        clientMutationId: t.arg.id({ required: true }),
        input: t.arg({ type: 'JSON', required: true, description: 'the fields of the domain schema (src/domain/work-plan/inputs.ts)' }),
      },
      resolve: (_r, args, ctx) => withClientMutation(ctx, name, String(args.clientMutationId), ({ tx, viewer }) => effect(tx, viewer, args.input)),
    }),
  );
}
