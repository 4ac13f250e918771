import * as v from 'valibot';
import { builder, fail, ok, MutationResult } from '../builder';
import { authSettings } from '../../auth/settings';
import { confirmInvitation, invitationByToken, type InvitationView } from '../../auth/invitations';
import { ConfirmInvitationSchema, LinkTokenSchema } from '../../../src/domain/auth/schemas';
import { issueParams, issueReason, type AuthReason } from '../../../src/domain/auth/reasons';

const InvitationLink = builder.objectRef<InvitationView>('InvitationLink').implement({
  description: 'What an invitation link (/login/confirm-invitation/:token) is about. Names only while it is valid.',
  fields: (t) => ({
    state: t.exposeString('state', { description: 'valid, expired, revoked, used or not_found' }),
    username: t.exposeString('username', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    givenName: t.exposeString('givenName', { nullable: true }),
    surname: t.exposeString('surname', { nullable: true }),
    timeExpire: t.exposeString('timeExpire', { nullable: true }),
  }),
});

builder.queryField('invitationByToken', (t) =>
  t.field({
    type: InvitationLink,
    description: 'The invitation behind a link token (also GET /api/invitations/:token).',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      if (!v.is(LinkTokenSchema, args.token)) {
        const unknown: InvitationView = { state: 'not_found', username: null, email: null, givenName: null, surname: null, timeExpire: null };
        return unknown;
      }
      return invitationByToken(ctx.db, authSettings(ctx.config), args.token);
    },
  }),
);

const reasonKey: Record<string, AuthReason> = {
  expired: 'auth.invitationExpired',
  revoked: 'auth.invitationRevoked',
  used: 'auth.invitationUsed',
  not_found: 'auth.invitationNotFound',
  username_in_use: 'auth.usernameInUse',
};

builder.mutationField('confirmInvitation', (t) =>
  t.field({
    type: MutationResult,
    description: 'Accepts an invitation: creates (or activates) the invited user with the chosen password.',
    args: {
      token: t.arg.string({ required: true }),
      username: t.arg.string({ required: false }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const parsed = v.safeParse(ConfirmInvitationSchema, args);
      if (!parsed.success) return fail(issueReason(parsed.issues), issueParams(parsed.issues));
      const outcome = await confirmInvitation(ctx.db, authSettings(ctx.config), parsed.output, ctx.ip);
      return outcome.ok ? ok() : fail(reasonKey[outcome.reason] ?? 'auth.genericProblem');
    },
  }),
);
