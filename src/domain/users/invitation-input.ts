import * as v from 'valibot';
import { numericId, optionalText, requiredEmail } from './field-rules';
import { InvitationUsernameSchema } from '../auth/schemas';

/** Invitation username (01 §5): the one rule of src/domain/auth, shared with the accept form. */
const invitationUsername = InvitationUsernameSchema;

const optionalId = v.nullish(v.union([v.string(), v.number()]));

export const AddInvitationSchema = v.object({
  username: invitationUsername,
  email: requiredEmail(),
  givenName: optionalText(100),
  surname: optionalText(100),
  roleId: numericId('validation.required'),
  projectId: optionalId,
  participantId: optionalId,
});
export type AddInvitationInput = v.InferOutput<typeof AddInvitationSchema>;

export const UpdateInvitationSchema = v.object({
  id: numericId('reasons.invitationWithoutId'),
  email: requiredEmail(),
  givenName: optionalText(100),
  surname: optionalText(100),
  projectId: optionalId,
});
export type UpdateInvitationInput = v.InferOutput<typeof UpdateInvitationSchema>;

/** How long an invitation link stays valid. */
export const INVITATION_VALIDITY_DAYS = 14;
