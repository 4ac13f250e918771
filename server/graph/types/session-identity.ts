import { builder } from '../builder';

interface SessionIdentityShape {
  realUserId: number;
  realUserName: string;
  chain: number[];
}

const SessionIdentity = builder.objectRef<SessionIdentityShape>('SessionIdentity').implement({
  description: 'Who this session really is: the user who signed in and the impersonation chain (the identity outbox rows are made under).',
  fields: (t) => ({
    realUserId: t.exposeInt('realUserId', { description: 'The user who signed in (not impersonated).' }),
    realUserName: t.exposeString('realUserName', { description: 'That user\u2019s name, as the screens show it.' }),
    chain: t.exposeIntList('chain', { description: 'Users impersonated, oldest first; empty when not impersonating.' }),
  }),
});

builder.queryField('sessionIdentity', (t) =>
  t.field({
    type: SessionIdentity,
    nullable: true,
    description: 'The real user and impersonation chain of this session; null without a session.',
    resolve: async (_root, _args, ctx) => {
      const viewer = ctx.viewer;
      if (!viewer) return null;
      const { rows } = await ctx.db.query<{ name: string }>(
        `SELECT trim(concat_ws(' ', coalesce(nullif(given_name, ''), initials), surname)) AS name FROM users WHERE id = $1`,
        [viewer.realUserId],
      );
      return { realUserId: viewer.realUserId, realUserName: rows[0]?.name ?? '', chain: [...viewer.chain] };
    },
  }),
);
