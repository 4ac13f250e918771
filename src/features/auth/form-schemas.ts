import * as v from 'valibot';
import { PasswordSchema, PasswordWithConfirmationSchema } from '../../domain/auth/password';
import { InvitationUsernameSchema, PasswordResetRequestSchema, RegisterSchema } from '../../domain/auth/schemas';

/** The forms' schemas, built from src/domain/auth so the password policy is the server's. */
export const ChangePasswordFormSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string(), v.minLength(1, 'validation.required')),
    newPassword: PasswordSchema,
    passwordConfirmation: v.string(),
  }),
  v.forward(
    v.check((input) => input.oldPassword !== input.newPassword, 'auth.validation.password.sameAsOld'),
    ['newPassword'],
  ),
  v.forward(
    v.check((input) => input.newPassword === input.passwordConfirmation, 'auth.validation.password.mismatch'),
    ['passwordConfirmation'],
  ),
);
export type ChangePasswordForm = v.InferOutput<typeof ChangePasswordFormSchema>;

export const NewPasswordFormSchema = PasswordWithConfirmationSchema;
export type NewPasswordForm = v.InferOutput<typeof NewPasswordFormSchema>;

export const ForgotPasswordFormSchema = PasswordResetRequestSchema;
export type ForgotPasswordForm = v.InferOutput<typeof ForgotPasswordFormSchema>;

export const RegisterFormSchema = RegisterSchema;
export type RegisterForm = v.InferOutput<typeof RegisterFormSchema>;

/** Accepting an invitation: an optional (changed) username and the new password twice. */
export const ConfirmInvitationFormSchema = v.pipe(
  v.object({
    username: v.union([v.literal(''), InvitationUsernameSchema], 'auth.validation.invitationUsername'),
    password: PasswordSchema,
    passwordConfirmation: v.string(),
  }),
  v.forward(
    v.check((input) => input.password === input.passwordConfirmation, 'auth.validation.password.mismatch'),
    ['passwordConfirmation'],
  ),
);
export type ConfirmInvitationForm = v.InferOutput<typeof ConfirmInvitationFormSchema>;

