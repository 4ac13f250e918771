import { builder } from '../builder';
import type { GraphContext } from '../context';
import { COLLECTION_NAMES, pullFieldName } from '../../../src/domain/sync/collections';
import type { Checkpoint, PullAnswer } from '../../../src/domain/sync/types';
import { serverCollection } from '../../sync/registry';
import { caseloadFingerprint, committedHighWater, DEFAULT_PULL_LIMIT, pullCollection } from '../../sync/pull';
import { requireViewer } from '../../sync/viewer-error';
import { ensureSyncTriggersOnce } from '../../sync/triggers';

const PullCheckpointInput = builder.inputType('PullCheckpointInput', {
  description: 'Where the client stands in a collection; {seq: 0} for the first pull.',
  fields: (t) => ({
    seq: t.float({ required: true }),
    scopeKey: t.string({ required: false }),
  }),
});

const PullCheckpoint = builder.objectRef<Checkpoint>('PullCheckpoint').implement({
  fields: (t) => ({
    seq: t.exposeFloat('seq'),
    scopeKey: t.exposeString('scopeKey', { nullable: true }),
  }),
});

const PullResult = builder.objectRef<PullAnswer>('PullResult').implement({
  description:
    'Changed documents after a checkpoint in change order; deletions and documents that left the viewer\'s scope as {uuid, id, _deleted: true}.',
  fields: (t) => ({
    documents: t.field({ type: ['JSON'], resolve: (r) => r.documents }),
    checkpoint: t.field({ type: PullCheckpoint, resolve: (r) => r.checkpoint }),
    reset: t.exposeBoolean('reset', {
      description: 'The scope changed: the answer starts from zero; drop local documents that are not pending.',
    }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

// One high-water mark and caseload fingerprint per request: a client pulls several collections in one query.
const highWaterOf = new WeakMap<GraphContext, Promise<number>>();
const caseloadOf = new WeakMap<GraphContext, Promise<string>>();

for (const name of COLLECTION_NAMES) {
  const collection = serverCollection(name);
  builder.queryField(pullFieldName(name), (t) =>
    t.field({
      type: PullResult,
      description: `Replication pull of ${name} (ARCHITECTURE.md).`,
      args: {
        checkpoint: t.arg({ type: PullCheckpointInput, required: true }),
        limit: t.arg.int({ required: false }),
      },
      resolve: async (_root, args, ctx) => {
        const viewer = await requireViewer(ctx);
        let highWater = highWaterOf.get(ctx);
        if (!highWater) {
          highWater = ensureSyncTriggersOnce(ctx.db).then(() => committedHighWater(ctx.db));
          highWaterOf.set(ctx, highWater);
        }
        let caseload: Promise<string> | null = null;
        if (collection.dependsOnCaseload) {
          caseload = caseloadOf.get(ctx) ?? caseloadFingerprint(ctx.db, viewer);
          caseloadOf.set(ctx, caseload);
        }
        const mark = await highWater;
        return pullCollection(
          ctx.db,
          viewer,
          collection,
          { seq: args.checkpoint.seq, scopeKey: args.checkpoint.scopeKey ?? null },
          args.limit ?? DEFAULT_PULL_LIMIT,
          mark,
          caseload ? await caseload : null,
        );
      },
    }),
  );
}
