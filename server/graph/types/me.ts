import { builder } from '../builder';
import { noCurrentUser, requireViewer } from '../../auth/permissions';
import { User } from '../refs';
import type { UserRow } from '../rows';
import { findInScope } from '../scoped';

builder.queryField('me', (t) =>
  t.field({
    type: User,
    description:
      'The signed-in user (the impersonated one while impersonating): role, aclRole, company with settings, project, participant link, imitationOptions, mfa flags and settings. Without a session: error no_current_user.',
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      const user = await findInScope<UserRow>(ctx.db, 'users', viewer, viewer.userId);
      // the session's user disappeared: the same answer as no session at all
      if (!user) throw noCurrentUser();
      return user;
    },
  }),
);
