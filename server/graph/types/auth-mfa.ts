import { IMPERSONATION_IDENTITY_REFUSED, mayChangeAccountIdentity } from '../../auth/email-change';
import { builder, fail, ok, MutationResult } from '../builder';
import { requireViewer } from '../../auth/graph-gate';
import { authSettings } from '../../auth/settings';
import { authenticateRequest } from '../../auth/authenticate';
import { resetMfa } from '../../auth/mfa';
import { audit } from '../../auth/audit';
import { isAdminRole, Role } from '../../../src/domain/shared/roles';

interface MfaStatusShape {
  active: boolean;
  setup: boolean;
  validated: boolean;
  required: boolean;
}

const MfaStatus = builder.objectRef<MfaStatusShape>('MfaStatus').implement({
  description: 'Two-step authentication of the signed-in user (the real one, also while impersonating).',
  fields: (t) => ({
    active: t.exposeBoolean('active', { description: 'Two-step is on for the user or forced by the company.' }),
    setup: t.exposeBoolean('setup', { description: 'The user has enrolled an authenticator.' }),
    validated: t.exposeBoolean('validated', { description: 'This session has passed the second factor.' }),
    required: t.exposeBoolean('required', { description: 'This session must still set up or validate before anything else.' }),
  }),
});

builder.queryField('mfa', (t) =>
  t.field({
    type: MfaStatus,
    description: 'Two-step state of this session; open while the second factor is still owed.',
    resolve: async (_root, _args, ctx) => {
      requireViewer(ctx);
      const auth = await authenticateRequest(ctx.db, ctx.request, authSettings(ctx.config));
      if (auth.kind !== 'viewer' && auth.kind !== 'mfa_pending' && auth.kind !== 'password_pending') return { active: false, setup: false, validated: false, required: false };
      const s = auth.session;
      return { active: s.mfaRequired, setup: s.mfaSetUp, validated: s.mfaValidated, required: s.mfaState !== 'ok' };
    },
  }),
);

builder.mutationField('resetUserMfa', (t) =>
  t.field({
    type: MutationResult,
    description:
      'An administrator resets the second factor of a user of the same company: the user enrols again at the next sign-in; their sessions end.',
    args: { userId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const targetId = Number(args.userId);
      if (!isAdminRole(viewer.roleId) || !Number.isSafeInteger(targetId)) return fail('auth.forbidden');
      // Issue 20: an impersonated administrator cannot reset anyone's two-step (who the account is does not change by impersonation).
      if (!mayChangeAccountIdentity(viewer)) return fail(IMPERSONATION_IDENTITY_REFUSED);
      const { rows } = await ctx.db.query<{ company_id: number; acl_role_id: number }>(
        'SELECT company_id, acl_role_id FROM users WHERE id = $1 AND deleted_at IS NULL',
        [targetId],
      );
      const target = rows[0];
      if (!target || target.company_id !== viewer.companyId) return fail('auth.userNotFound');
      if (target.acl_role_id === Role.superAdministrator && viewer.roleId !== Role.superAdministrator) return fail('auth.forbidden');
      await ctx.db.transaction(async (tx) => {
        await resetMfa(tx, targetId);
        await audit(tx, {
          action: 'mfa.reset',
          companyId: viewer.companyId,
          userId: viewer.realUserId,
          onBehalfOfUserId: viewer.chain.length > 0 ? viewer.userId : null,
          subjectType: 'user',
          subjectId: targetId,
          ip: ctx.ip,
        });
      });
      return ok();
    },
  }),
);
