import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { countExport, exportRights } from '../../admin/exports';
import { isExportFormat } from '../../../src/domain/users/export-columns';
import { auditMutation } from '../scoped';
import { readImage } from '../../admin/company-store';
import { fail, MutationResult, ok } from '../builder';

interface ExportAnswer {
  success: boolean;
  reason: string | null;
  url: string | null;
  rows: number | null;
}
const ExportResult = builder.objectRef<ExportAnswer>('ExportResult').implement({
  description: 'The answer of exportUsers / exportParticipants: the address that streams the file, and its row count.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
    url: t.exposeString('url', { nullable: true }),
    rows: t.exposeInt('rows', { nullable: true }),
  }),
});

function exportMutation(name: 'exportUsers' | 'exportParticipants', subject: 'users' | 'participants') {
  builder.mutationField(name, (t) =>
    t.field({
      type: ExportResult,
      description: `Prepares the ${subject} export (csv or xlsx): the file itself streams from the answered url.`,
      args: { format: t.arg.string({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const viewer = requireViewer(ctx);
        if (!exportRights(viewer, subject).allowed) return { success: false, reason: 'admin.errors.forbidden', url: null, rows: null };
        if (!isExportFormat(args.format)) return { success: false, reason: 'admin.errors.export.format', url: null, rows: null };
        return { success: true, reason: null, url: `/api/export/${subject}.${args.format}`, rows: await countExport(ctx.db, viewer, subject) };
      },
    }),
  );
}
exportMutation('exportUsers', 'users');
exportMutation('exportParticipants', 'participants');

/** Profile picture (01 §5): PNG or JPG, at most 500 KB. */
export const AVATAR_MAX_BYTES = 500 * 1024;

builder.mutationField('setUserAvatar', (t) =>
  t.field({
    type: MutationResult,
    description: "Stores the signed-in user's avatar from the `file` part: PNG or JPG by content, at most 500 KB; without a file it is removed.",
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (!ctx.upload) {
        await ctx.db.transaction(async (tx) => {
          await tx.query('DELETE FROM user_avatars WHERE user_id = $1 AND company_id = $2', [viewer.userId, viewer.companyId]);
          await tx.query("UPDATE users SET settings = settings - 'avatar' WHERE id = $1 AND company_id = $2", [viewer.userId, viewer.companyId]);
          await auditMutation(tx, { ...ctx, viewer }, 'user.avatar.delete', 'user', viewer.userId);
        });
        return ok();
      }
      const image = await readImage(ctx.upload, AVATAR_MAX_BYTES, (mime) => mime === 'image/png' || mime === 'image/jpeg', 'admin.errors.profile.avatarType');
      if ('reason' in image) return fail(image.reason);
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO user_avatars (user_id, company_id, mime, data) VALUES ($1, $2, $3, $4)
           ON CONFLICT (company_id, user_id) DO UPDATE SET mime = EXCLUDED.mime, data = EXCLUDED.data, updated_at = now()`,
          [viewer.userId, viewer.companyId, image.mime, image.data],
        );
        await tx.query("UPDATE users SET settings = settings || jsonb_build_object('avatar', $1::text) WHERE id = $2 AND company_id = $3", [
          `/api/users/${viewer.userId}/avatar?v=${Date.now()}`, viewer.userId, viewer.companyId,
        ]);
        await auditMutation(tx, { ...ctx, viewer }, 'user.avatar', 'user', viewer.userId, { size: image.data.length });
      });
      return ok();
    },
  }),
);
