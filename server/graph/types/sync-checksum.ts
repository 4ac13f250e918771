import { builder } from '../builder';
import { COLLECTION_NAMES, isCollectionName } from '../../../src/domain/sync/collections';
import { serverCollection } from '../../sync/registry';
import { readRouted, readSources } from '../../sync/read-route';
import { replicaChecksum, type ReplicaChecksum } from '../../sync/checksum';
import { requireViewer } from '../../sync/viewer-error';
import { ensureSyncTriggersOnce } from '../../sync/triggers';
import { REGISTRATION_TABLES } from '../../../src/domain/navigation/registration-area';
import { isConfinedViewer } from '../../auth/confinement';

const ReplicaChecksumInput = builder.inputType('ReplicaChecksumInput', {
  description: 'A collection and the checkpoint the replica holds it at (as the last pull answered it).',
  fields: (t) => ({
    collection: t.string({ required: true }),
    seq: t.float({ required: true }),
    scopeKey: t.string({ required: false }),
  }),
});

const ReplicaChecksumResult = builder.objectRef<ReplicaChecksum>('ReplicaChecksum').implement({
  description:
    'The count of the documents the pull delivered to the viewer up to the checkpoint and a SHA-256 over their "uuid:revision" in uuid order (joined by ","); stale: nothing to compare yet (the next pull brings changes or starts over).',
  fields: (t) => ({
    collection: t.exposeString('collection'),
    stale: t.exposeBoolean('stale'),
    count: t.exposeInt('count', { nullable: true }),
    hash: t.exposeString('hash', { nullable: true }),
  }),
});

/** At most this many collections per request (every replicated collection fits). */
const MAX_CHECKSUMS = COLLECTION_NAMES.length;

builder.queryField('replicaChecksums', (t) =>
  t.field({
    type: [ReplicaChecksumResult],
    description: 'Checksums of the viewer\'s scope per collection, for the worker to prove its replica matches (issue 19).',
    args: { collections: t.arg({ type: [ReplicaChecksumInput], required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = await requireViewer(ctx);
      const wanted = args.collections.slice(0, MAX_CHECKSUMS);
      await ensureSyncTriggersOnce(ctx.db);
      // Read where the pulls read (a standby that has published the checkpoint's mark, else the primary).
      const sources = readSources(ctx.db, viewer, ctx.request);
      const answers: ReplicaChecksum[] = [];
      for (const c of wanted) {
        if (!isCollectionName(c.collection)) continue;
        const collection = serverCollection(c.collection);
        // A participant confined to the registration area pulls nothing of the other tables (sync-pull.ts): nothing to compare there.
        if (isConfinedViewer(viewer) && !REGISTRATION_TABLES.has(collection.table)) {
          answers.push({ collection: c.collection, stale: true, count: null, hash: null });
          continue;
        }
        const checkpoint = { seq: c.seq, scopeKey: c.scopeKey ?? null };
        answers.push(await readRouted(ctx.db, sources, checkpoint, (db, env) => replicaChecksum(db, viewer, collection, checkpoint, env)));
      }
      return answers;
    },
  }),
);
