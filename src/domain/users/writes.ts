/**
 * The user edit as a declared write (HELPERS "Writes"): `syncApi().users.update(input)` applies the
 * change to the replica at once and the outbox sends it (offline too); the server registers the same
 * name (server/graph/types/user-writes.ts). Username and role are never part of it (01 §5).
 */
import { defineWrite } from '../writes/define';
import { parseDutchDate } from './field-rules';
import * as v from 'valibot';
import { UUID_PATTERN } from '../sync/uuid-v7';
import { UpdateUserSchema, type UpdateUserInput } from './user-input';

/** The user's uuid: the replica's key, so the change shows at once (offline too). */
const UpdateWriteSchema = v.object({ ...UpdateUserSchema.entries, uuid: v.pipe(v.string('admin.errors.forbidden'), v.regex(UUID_PATTERN, 'admin.errors.forbidden')) });

const TEXT = ['givenName', 'initials', 'email', 'phone', 'personalCode', 'sbbUserCode', 'experienceCoaching', 'experienceNotes', 'notes'] as const;

/** The replica fields an update sets: only the fields sent; the project only when one is chosen. */
export function userPatch(i: UpdateUserInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TEXT) {
    const value = i[key];
    if (value !== undefined) out[key] = value === '' ? null : value;
  }
  if (i.surname !== undefined) out.surname = i.surname;
  if (i.sex !== undefined && i.sex !== null) out.sex = i.sex;
  if (i.dateOfBirth !== undefined) out.dateOfBirth = i.dateOfBirth ? parseDutchDate(i.dateOfBirth) : null;
  if (i.projectId !== undefined && i.projectId !== null && i.projectId !== '') out.projectId = Number(i.projectId);
  if (typeof i.accessToAllParticipants === 'boolean') out.accessToAllParticipants = i.accessToAllParticipants;
  if (typeof i.wageValueExpert === 'boolean') out.wageValueExpert = i.wageValueExpert;
  return out;
}

export const userWrites = {
  update: defineWrite({
    mutation: 'updateUser',
    input: UpdateWriteSchema,
    document: { collection: 'users', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => userPatch(i),
  }),
};
