import * as v from 'valibot';
import { builder, fail, ok, MutationResult } from '../builder';
import { requireViewer } from '../../auth/graph-gate';
import { authSettings } from '../../auth/settings';
import { changePassword } from '../../auth/change-password';
import { resetPasswordWithToken } from '../../auth/password-reset';
import { ChangePasswordSchema } from '../../../src/domain/auth/password';
import { ResetPasswordSchema } from '../../../src/domain/auth/schemas';
import { issueParams, issueReason } from '../../../src/domain/auth/reasons';
import { ChangeEmailSchema, UndoEmailChangeSchema } from '../../../src/domain/users/email-change';
import { changeOwnEmail, IMPERSONATION_IDENTITY_REFUSED, undoEmailChange } from '../../auth/email-change';

builder.mutationField('changePassword', (t) =>
  t.field({
    type: MutationResult,
    description:
      'Changes the signed-in user\'s password (not while impersonating). The new one must pass the policy and differ from the old; ' +
      'a wrong old password counts as a failed sign-in. Ends the user\'s other sessions; the password counts as validated.',
    args: { oldPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(ChangePasswordSchema, args);
      if (!parsed.success) return fail(issueReason(parsed.issues), issueParams(parsed.issues));
      const settings = authSettings(ctx.config);
      const outcome = await changePassword(ctx.db, settings, viewer, args.oldPassword, args.newPassword, ctx.ip);
      switch (outcome) {
        case 'ok':
          return ok();
        case 'old_incorrect':
          return fail('auth.validation.password.oldIncorrect');
        case 'locked':
          return fail('auth.tooManyFailedLogins', { minutes: settings.lockMinutes });
        case 'impersonating':
          return fail('auth.imitationPasswordChange');
      }
    },
  }),
);

builder.mutationField('resetPassword', (t) =>
  t.field({
    type: MutationResult,
    description: 'Sets a new password with the single-use token of a reset mail (/login/reset-password/:token). Ends every session of the user.',
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = v.safeParse(ResetPasswordSchema, args);
      if (!parsed.success) return fail(issueReason(parsed.issues), issueParams(parsed.issues));
      const done = await resetPasswordWithToken(ctx.db, authSettings(ctx.config), args.token, args.password, ctx.ip);
      return done ? ok() : fail('auth.resetTokenInvalid');
    },
  }),
);

builder.mutationField('changeEmail', (t) =>
  t.field({
    type: MutationResult,
    description:
      "Changes the signed-in user's own e-mail address (never while impersonating): the password again (a wrong one counts as a failed sign-in); " +
      'the old address is mailed a link that undoes the change; open password-reset links stop working.',
    args: { password: t.arg.string({ required: true }), email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(ChangeEmailSchema, args);
      if (!parsed.success) return fail(issueReason(parsed.issues), issueParams(parsed.issues));
      const settings = authSettings(ctx.config);
      const outcome = await changeOwnEmail(ctx.db, ctx.config, settings, viewer, parsed.output.password, parsed.output.email, ctx.ip);
      switch (outcome) {
        case 'ok':
        case 'same':
          return ok();
        case 'old_incorrect':
          return fail('auth.validation.password.oldIncorrect');
        case 'locked':
          return fail('auth.tooManyFailedLogins', { minutes: settings.lockMinutes });
        case 'impersonating':
          return fail(IMPERSONATION_IDENTITY_REFUSED);
      }
    },
  }),
);

builder.mutationField('undoEmailChange', (t) =>
  t.field({
    type: MutationResult,
    description: 'The link mailed to the old address after an e-mail change: puts the old address back, ends every session of the user. Single use.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = v.safeParse(UndoEmailChangeSchema, args);
      if (!parsed.success) return fail('reasons.emailUndoInvalid');
      return (await undoEmailChange(ctx.db, authSettings(ctx.config), parsed.output.token, ctx.ip)) ? ok() : fail('reasons.emailUndoInvalid');
    },
  }),
);
