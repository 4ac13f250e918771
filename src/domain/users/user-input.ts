import * as v from 'valibot';
import { numericId, REQUIRED, optionalDate, optionalEmail, optionalText, requiredText, sex, username } from './field-rules';

/** Shared fields of add and update (01 §3 User). */
const userFields = {
  givenName: optionalText(100),
  initials: optionalText(20),
  surname: requiredText(100),
  email: optionalEmail(),
  phone: optionalText(30),
  sex,
  dateOfBirth: optionalDate(),
  personalCode: optionalText(50),
  sbbUserCode: optionalText(50),
  projectId: v.nullish(v.union([v.string(), v.number()])),
  accessToAllParticipants: v.nullish(v.boolean()),
  wageValueExpert: v.nullish(v.boolean()),
  experienceCoaching: optionalText(255),
  experienceNotes: optionalText(2000),
  notes: optionalText(5000),
};

export const NO_IDENTIFIER = 'validation.userIdentifierRequired';

/** Adding a user: must have no identifier (01 §5); username and role are given. */
export const AddUserSchema = v.object({
  id: v.pipe(
    v.nullish(v.union([v.string(), v.number()])),
    v.check((id) => id === null || id === undefined || id === '', 'reasons.newUserHasId'),
  ),
  username: username(),
  roleId: numericId(REQUIRED),
  ...userFields,
});
export type AddUserInput = v.InferOutput<typeof AddUserSchema>;

/** Updating a user: needs an existing identifier; username and role are not changed on update (01 §5). */
export const UpdateUserSchema = v.object({
  id: numericId(NO_IDENTIFIER),
  ...userFields,
  // a surname left out keeps the stored one; sent, it may not be empty
  surname: v.optional(v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(100, 'validation.maxLength'))),
});
export type UpdateUserInput = v.InferOutput<typeof UpdateUserSchema>;

/** Blocking or unblocking needs a numeric id (01 §5). */
export const UserIdSchema = numericId(NO_IDENTIFIER);
