import * as v from 'valibot';
import { builder, fail, ok, MutationResult } from '../builder';
import { authSettings } from '../../auth/settings';
import { confirmRegistration, register } from '../../auth/registration';
import { ConfirmRegistrationSchema, RegisterSchema } from '../../../src/domain/auth/schemas';
import { authMessage } from '../../../src/domain/auth/messages';

const reasonOf = (issues: readonly { message: string }[], field: string) =>
  authMessage(issues[0]?.message ?? 'validation.invalid', { field });

builder.mutationField('register', (t) =>
  t.field({
    type: MutationResult,
    description: 'Participant self-registration (/aanmelden): mails a confirmation link /registration/confirm/:token, valid 24 hours.',
    args: { code: t.arg.string({ required: true }), username: t.arg.string({ required: true }), email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const parsed = v.safeParse(RegisterSchema, args);
      if (!parsed.success) {
        const key: unknown = parsed.issues[0]?.path?.[0]?.key;
        return fail(reasonOf(parsed.issues, typeof key === 'string' ? key : ''));
      }
      const settings = authSettings(ctx.config);
      const outcome = await register(ctx.db, ctx.config, settings, parsed.output, ctx.ip);
      switch (outcome) {
        case 'ok':
          return ok();
        case 'code_invalid':
          return fail(authMessage('auth.registrationCodeInvalid'));
        case 'username_in_use':
          return fail(authMessage('auth.usernameInUse'));
        case 'locked':
          return fail(authMessage('auth.tooManyFailedLogins', { minutes: settings.lockMinutes }));
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
      if (!parsed.success) return fail(reasonOf(parsed.issues, 'wachtwoord'));
      const outcome = await confirmRegistration(ctx.db, authSettings(ctx.config), args.token, args.password, ctx.ip);
      if (outcome.ok) return ok();
      return fail(authMessage(outcome.reason === 'username_in_use' ? 'auth.usernameInUse' : 'auth.linkInvalidOrExpired'));
    },
  }),
);
