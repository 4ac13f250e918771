import * as v from 'valibot';
import { numericId, required, optionalDate, optionalEmail, optionalText, requiredText, sex, username } from './field-rules';

/** Shared fields of add and update (01 §3 User). */
const userFields = {
  givenName: optionalText('voornaam', 100),
  initials: optionalText('voorletters', 20),
  surname: requiredText('achternaam', 100),
  email: optionalEmail(),
  phone: optionalText('telefoonnummer', 30),
  sex,
  dateOfBirth: optionalDate('geboortedatum'),
  personalCode: optionalText('persoonlijke code', 50),
  sbbUserCode: optionalText('SBB-code', 50),
  projectId: v.nullish(v.union([v.string(), v.number()])),
  accessToAllParticipants: v.nullish(v.boolean()),
  wageValueExpert: v.nullish(v.boolean()),
  experienceCoaching: optionalText('ervaring met begeleiden', 255),
  experienceNotes: optionalText('toelichting ervaring', 2000),
  notes: optionalText('notities', 5000),
};

export const NO_IDENTIFIER = 'validation.userIdentifierRequired';

/** Adding a user: must have no identifier (01 §5); username and role are given. */
export const AddUserSchema = v.object({
  id: v.pipe(
    v.nullish(v.union([v.string(), v.number()])),
    v.check((id) => id === null || id === undefined || id === '', 'Een nieuwe gebruiker mag nog geen id hebben.'),
  ),
  username: username(),
  roleId: numericId('Veld rol is niet ingevuld'),
  ...userFields,
});
export type AddUserInput = v.InferOutput<typeof AddUserSchema>;

/** Updating a user: needs an existing identifier; username and role are not changed on update (01 §5). */
export const UpdateUserSchema = v.object({
  id: numericId(NO_IDENTIFIER),
  ...userFields,
  // a surname left out keeps the stored one; sent, it may not be empty
  surname: v.optional(v.pipe(v.string(required('achternaam')), v.trim(), v.nonEmpty(required('achternaam')), v.maxLength(100))),
});
export type UpdateUserInput = v.InferOutput<typeof UpdateUserSchema>;

/** Blocking or unblocking needs a numeric id (01 §5). */
export const UserIdSchema = numericId(NO_IDENTIFIER);
