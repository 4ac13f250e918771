import { builder } from '../builder';
import { can, loadViewerFlags, requireViewer } from '../../auth/permissions';

builder.queryField('accessCheck', (t) =>
  t.boolean({
    description:
      'May the viewer do `privilege` (default view) on `resource`? Ask several at once with aliases: { a: accessCheck(resource: "participants", privilege: "add") b: accessCheck(resource: "users") }. Unknown names answer false.',
    args: { resource: t.arg.string({ required: true }), privilege: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      return can(viewer, args.privilege ?? 'view', args.resource, await loadViewerFlags(ctx.db, viewer));
    },
  }),
);
