import * as v from 'valibot';
import { numericId, optionalText, requiredEmail, requiredText } from './field-rules';

/** Invitation username: letters, digits, underscore, or an e-mail address (01 §5). */
export const INVITATION_USERNAME = /^([A-Za-z0-9_]+|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

const invitationUsername = v.pipe(
  requiredText('gebruikersnaam', 255),
  v.regex(INVITATION_USERNAME, 'De gebruikersnaam mag alleen letters, cijfers en een liggend streepje (_) bevatten, of een e-mailadres zijn'),
);

const optionalId = v.nullish(v.union([v.string(), v.number()]));

export const AddInvitationSchema = v.object({
  username: invitationUsername,
  email: requiredEmail(),
  givenName: optionalText('voornaam', 100),
  surname: optionalText('achternaam', 100),
  roleId: numericId('Veld rol is niet ingevuld'),
  projectId: optionalId,
  participantId: optionalId,
});
export type AddInvitationInput = v.InferOutput<typeof AddInvitationSchema>;

export const UpdateInvitationSchema = v.object({
  id: numericId('Deze uitnodiging heeft geen id.'),
  email: requiredEmail(),
  givenName: optionalText('voornaam', 100),
  surname: optionalText('achternaam', 100),
  projectId: optionalId,
});
export type UpdateInvitationInput = v.InferOutput<typeof UpdateInvitationSchema>;

/** How long an invitation link stays valid. */
export const INVITATION_VALIDITY_DAYS = 14;
