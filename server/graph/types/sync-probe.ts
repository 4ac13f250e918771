import { builder } from '../builder';
import { PushResult } from './sync-push-result';
import { withClientMutation } from '../../sync/client-mutation';
import { checkBaseRevision } from '../../sync/conflict';
import { serverCollection } from '../../sync/registry';
import { UUID_PATTERN } from '../../../src/domain/sync/uuid-v7';
import { run, sql } from '../../db/sql';

/**
 * The sync self-test document: the smallest replicated mutation set (create/edit with conflict
 * detection, a commutative counter, delete). The fault-injection test drives the outbox with it;
 * feature mutations follow the same pattern.
 */
const probes = serverCollection('syncProbes');
export const SYNC_PROBE_MAX_BODY = 500;

builder.mutationField('saveSyncProbe', (t) =>
  t.field({
    type: PushResult,
    args: {
      clientMutationId: t.arg.id({ required: true }),
      uuid: t.arg.id({ required: true }),
      body: t.arg.string({ required: true }),
      baseRevision: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      withClientMutation(ctx, 'saveSyncProbe', String(args.clientMutationId), async ({ tx, viewer }) => {
        const uuid = String(args.uuid);
        if (!UUID_PATTERN.test(uuid)) return { success: false, reason: 'invalid_uuid' };
        if (args.body.length > SYNC_PROBE_MAX_BODY) return { success: false, reason: 'body_too_long' };
        const check = await checkBaseRevision(tx, viewer, probes, uuid, args.baseRevision);
        if (check.kind === 'conflict') return check.answer;
        if (check.kind === 'missing') {
          const taken = await tx.query('SELECT 1 FROM sync_probes WHERE uuid = $1', [uuid]);
          if (taken.rows.length > 0) return { success: false, reason: 'access_denied' };
          await tx.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [
            uuid,
            viewer.companyId,
            viewer.userId,
            args.body,
          ]);
        } else {
          await tx.query('UPDATE sync_probes SET body = $2, deleted_at = NULL WHERE uuid = $1', [uuid, args.body]);
        }
        return { success: true, reason: null };
      }),
  }),
);

builder.mutationField('bumpSyncProbe', (t) =>
  t.field({
    type: PushResult,
    args: {
      clientMutationId: t.arg.id({ required: true }),
      uuid: t.arg.id({ required: true }),
      delta: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      withClientMutation(ctx, 'bumpSyncProbe', String(args.clientMutationId), async ({ tx, viewer }) => {
        const res = await run(
          tx,
          sql`UPDATE sync_probes t SET counter = t.counter + ${args.delta}
               WHERE t.uuid = ${String(args.uuid)} AND t.deleted_at IS NULL AND ${probes.scope(viewer, 't')}`,
        );
        return res.rowCount > 0 ? { success: true, reason: null } : { success: false, reason: 'not_found' };
      }),
  }),
);

builder.mutationField('deleteSyncProbe', (t) =>
  t.field({
    type: PushResult,
    args: {
      clientMutationId: t.arg.id({ required: true }),
      uuid: t.arg.id({ required: true }),
      baseRevision: t.arg.int({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      withClientMutation(ctx, 'deleteSyncProbe', String(args.clientMutationId), async ({ tx, viewer }) => {
        const check = await checkBaseRevision(tx, viewer, probes, String(args.uuid), args.baseRevision);
        if (check.kind === 'conflict') return check.answer;
        if (check.kind === 'missing') return { success: false, reason: 'not_found' };
        await tx.query('UPDATE sync_probes SET deleted_at = now() WHERE uuid = $1', [String(args.uuid)]);
        return { success: true, reason: null };
      }),
  }),
);
