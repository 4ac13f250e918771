import { builder } from '../builder';
import { can, requireViewer } from '../../auth/permissions';

builder.queryField('accessCheck', (t) =>
  t.boolean({
    description:
      'May the viewer do `privilege` (default view) on `resource`? Ask several at once with aliases: { a: accessCheck(resource: "participants", privilege: "add") b: accessCheck(resource: "users") }. Unknown names answer false.',
    args: { resource: t.arg.string({ required: true }), privilege: t.arg.string() },
    resolve: (_r, args, ctx) => can(requireViewer(ctx), args.privilege ?? 'view', args.resource),
  }),
);
