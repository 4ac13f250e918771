import * as v from 'valibot';
import { builder, fail, ok, MutationResult } from '../builder';
import { authSettings } from '../../auth/settings';
import { confirmRegistration, register } from '../../auth/registration';
import { ConfirmRegistrationSchema, RegisterSchema } from '../../../src/domain/auth/schemas';
import { issueParams, issueReason } from '../../../src/domain/auth/reasons';

builder.mutationField('register', (t) =>
  t.field({
    type: MutationResult,
    description: 'Participant self-registration (/aanmelden): mails a confirmation link /registration/confirm/:token, valid 24 hours.',
    args: { code: t.arg.string({ required: true }), username: t.arg.string({ required: true }), email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = v.safeParse(RegisterSchema, args);
      if (!parsed.success) return fail(issueReason(parsed.issues), issueParams(parsed.issues, 'username'));
      const settings = authSettings(ctx.config);
      const outcome = await register(ctx.db, ctx.config, settings, parsed.output, ctx.ip);
      switch (outcome) {
        case 'ok':
          return ok();
        case 'code_invalid':
          return fail('auth.registrationCodeInvalid');
        case 'username_in_use':
          return fail('auth.usernameInUse');
        case 'locked':
          return fail('auth.tooManyFailedLogins', { minutes: settings.lockMinutes });
      }
    },
  }),
);

builder.mutationField('confirmRegistration', (t) =>
  t.field({
    type: MutationResult,
    description: 'Confirms a self-registration with the mailed token and a password: creates the participant (status Registration, 15) and their login.',
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = v.safeParse(ConfirmRegistrationSchema, args);
      if (!parsed.success) return fail(issueReason(parsed.issues), issueParams(parsed.issues));
      const outcome = await confirmRegistration(ctx.db, authSettings(ctx.config), args.token, args.password, ctx.ip);
      if (outcome.ok) return ok();
      return fail(outcome.reason === 'username_in_use' ? 'auth.usernameInUse' : 'auth.linkInvalidOrExpired');
    },
  }),
);
