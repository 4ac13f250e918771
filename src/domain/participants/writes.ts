/**
 * The participant edits as declared writes (HELPERS "Writes"): the screens call
 * `syncApi().participants.update(input)` / `.hide({ id })` / `.unhide({ id })`; the worker checks the
 * input and applies the change to the replica at once (offline too); the server registers the same
 * names (server/graph/types/participant-writes.ts).
 */
import * as v from 'valibot';
import { defineWrite } from '../writes/define';
import { parseDutchDate } from '../users/field-rules';
import { Visibility } from '../shared/visibility';
import { UpdateParticipantSchema, type UpdateParticipantInput } from './participant-input';
import { UUID_PATTERN } from '../sync/uuid-v7';

/** The participant's uuid: the replica's key, so the change shows at once (offline too). */
const uuid = v.pipe(v.string('admin.errors.participant.notFound'), v.regex(UUID_PATTERN, 'admin.errors.participant.notFound'));

const UpdateWriteSchema = v.object({ ...UpdateParticipantSchema.entries, uuid });

const TEXT_FIELDS = [
  'firstname', 'prefix', 'lastname', 'initials', 'bsn', 'identification', 'personalCode', 'email', 'phone',
  'street', 'houseNumber', 'houseNumberAddition', 'city', 'municipality',
] as const;

const idOrNull = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The replica fields an update sets: only the fields sent, as the server stores them. */
export function participantPatch(i: UpdateParticipantInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) {
    const value = i[key];
    if (value !== undefined) out[key] = value === '' ? null : value;
  }
  if (i.zipcode !== undefined) out.zipcode = i.zipcode ? i.zipcode.replace(/\s+/g, '').toUpperCase() : null;
  if (i.birthdate !== undefined) out.birthdate = i.birthdate ? parseDutchDate(i.birthdate) : null;
  if (i.sex !== undefined && i.sex !== null) out.sex = i.sex;
  if (i.coachId !== undefined) out.coachId = idOrNull(i.coachId);
  if (i.managerId !== undefined) out.managerId = idOrNull(i.managerId);
  if (i.statusId !== undefined && i.statusId !== null) out.statusId = i.statusId;
  if (i.projectId !== undefined && i.projectId !== null && i.projectId !== '') out.projectId = idOrNull(i.projectId);
  return out;
}

export const participantWrites = {
  update: defineWrite({
    mutation: 'updateParticipant',
    input: UpdateWriteSchema,
    document: { collection: 'participants', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => participantPatch(i),
  }),
  hide: defineWrite({
    mutation: 'hideParticipant',
    input: v.object({ uuid }),
    document: { collection: 'participants', target: (i) => i.uuid, mode: 'edit' },
    patch: () => ({ display: Visibility.hidden }),
  }),
  unhide: defineWrite({
    mutation: 'unhideParticipant',
    input: v.object({ uuid }),
    document: { collection: 'participants', target: (i) => i.uuid, mode: 'edit' },
    patch: () => ({ display: Visibility.visible }),
  }),
  /**
   * The participant's file was opened (NEN 7513): the screens read it from the replica, so the read is
   * logged as a queued write that reaches the server when the device is online, with the time it was read.
   */
  recordViewed: defineWrite({
    mutation: 'logParticipantRead',
    input: v.object({
      uuid,
      viewedAt: v.pipe(v.string('admin.errors.invalidTime'), v.isoTimestamp('admin.errors.invalidTime')),
    }),
  }),
};
