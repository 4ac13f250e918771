import { builder } from '../builder';
import type { GraphContext } from '../context';
import { COLLECTION_NAMES, pullFieldName } from '../../../src/domain/sync/collections';
import type { Checkpoint } from '../../../src/domain/sync/types';
import { serverCollection } from '../../sync/registry';
import { DEFAULT_PULL_LIMIT, MAX_PULL_LIMIT, pullCollectionText, type PullTextAnswer } from '../../sync/pull';
import { pullEnv } from '../../sync/pull-env';
import { replicaChecksum } from '../../sync/checksum';
import { readRouted, readSources, type ReadSources } from '../../sync/read-route';
import { maybeRunSyncHousekeeping } from '../../sync/housekeeping';
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

/** A pull page and, on the page that reaches the checkpoint, the checksum of the scope there (issue 37). */
type PullPage = PullTextAnswer & { checksum?: { count: number; hash: string } | null };

const PullChecksum = builder.objectRef<{ count: number; hash: string }>('PullChecksum').implement({
  description:
    'The documents in the viewer\'s scope at the answer\'s checkpoint: their count and a SHA-256 over "uuid:revision" in uuid order, joined by "," (as replicaChecksums).',
  fields: (t) => ({
    count: t.exposeInt('count'),
    hash: t.exposeString('hash'),
  }),
});

const PullResult = builder.objectRef<PullPage>('PullResult').implement({
  description:
    'Changed documents after a checkpoint in change order; deletions and documents that left the viewer\'s scope as {uuid, id, _deleted: true}.',
  fields: (t) => ({
    // The documents' JSON text goes into the answer as it is (issue 25, server/graph/raw-json.ts).
    documents: t.field({ type: ['JSON'], resolve: (r) => r.documents }),
    checkpoint: t.field({ type: PullCheckpoint, resolve: (r) => r.checkpoint }),
    reset: t.exposeBoolean('reset', {
      description: 'The scope changed: the answer starts from zero; drop local documents that are not pending.',
    }),
    hasMore: t.exposeBoolean('hasMore'),
    checksum: t.field({
      type: PullChecksum,
      nullable: true,
      description:
        'Asked for with checksum: true. On the page that reaches the checkpoint (hasMore false), the checksum of what a sync from zero would deliver up to it; null while paging, or when a change after the checkpoint has committed already (the next pull brings it).',
      resolve: (r) => r.checksum ?? null,
    }),
  }),
});

// One environment per request and server (keys, high-water mark, fingerprints): a client pulls several
// collections in one query; they read a standby or the primary (server/sync/read-route.ts).
const envOf = new WeakMap<GraphContext, ReadSources>();

import { REGISTRATION_TABLES } from '../../../src/domain/navigation/registration-area';
import { isConfinedViewer } from '../../auth/confinement';
import { notePulledParticipants } from '../../auth/participant-pull-reads';

for (const name of COLLECTION_NAMES) {
  const collection = serverCollection(name);
  builder.queryField(pullFieldName(name), (t) =>
    t.field({
      type: PullResult,
      // Nullable: one collection that fails answers null with its error; the others of the request still arrive.
      nullable: true,
      description: `Replication pull of ${name} (ARCHITECTURE.md).`,
      args: {
        checkpoint: t.arg({ type: PullCheckpointInput, required: true }),
        limit: t.arg.int({ required: false, description: `Documents at most (default ${DEFAULT_PULL_LIMIT}, at most ${MAX_PULL_LIMIT}).` }),
        maxBytes: t.arg.int({ required: false, description: 'The JSON size a page aims at; the page ends after the document that passes it.' }),
        checksum: t.arg.boolean({ required: false, description: 'Answer the checksum of the scope with the page that reaches the checkpoint (issue 37).' }),
      },
      resolve: async (_root, args, ctx) => {
        const viewer = await requireViewer(ctx);
        // Issue 20: a participant confined to the registration area pulls only what the area shows;
        // the checkpoint stays, so everything arrives once the registration is done.
        if (isConfinedViewer(viewer) && !REGISTRATION_TABLES.has(collection.table)) {
          return { documents: [], liveIds: [], checkpoint: { seq: args.checkpoint.seq, scopeKey: args.checkpoint.scopeKey ?? null }, reset: false, hasMore: false };
        }
        let sources = envOf.get(ctx);
        if (!sources) {
          // The keys are read with the high-water mark in one statement when the pull needs one (pull.ts).
          sources = readSources(ctx.db, viewer, ctx.request, () => ensureSyncTriggersOnce(ctx.db).then(() => pullEnv(ctx.db, viewer)));
          envOf.set(ctx, sources);
          maybeRunSyncHousekeeping(ctx.db, new Date());
        }
        const checkpoint = { seq: args.checkpoint.seq, scopeKey: args.checkpoint.scopeKey ?? null };
        const page: PullPage = await readRouted(ctx.db, sources, checkpoint, async (db, env) => {
          const answer: PullPage = await pullCollectionText(
            db,
            viewer,
            collection,
            checkpoint,
            {
              limit: args.limit ?? DEFAULT_PULL_LIMIT,
              ...(args.maxBytes != null ? { maxBytes: args.maxBytes } : {}),
              // Measured (tests/bench/pull-server.ts): JSON built by PostgreSQL is fastest there; PGlite's
              // JSON functions run slower than converting its columns in JavaScript.
              build: ctx.db.kind === 'postgres' ? 'sql' : 'js',
            },
            env,
          );
          // Issue 37: the page that reaches the checkpoint carries the checksum of the scope there, read
          // where the page was read, so the device compares before it applies the page.
          if (args.checksum === true && !answer.hasMore) {
            const sum = await replicaChecksum(db, viewer, collection, answer.checkpoint, env);
            answer.checksum = sum.stale || sum.count === null || sum.hash === null ? null : { count: sum.count, hash: sum.hash };
          }
          return answer;
        });
        // NEN 7513: a page that carries participant data names who was read (issues 20 and 38; PULL_RULES).
        notePulledParticipants(ctx, name, page);
        return page;
      },
    }),
  );
}
