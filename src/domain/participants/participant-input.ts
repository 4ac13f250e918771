import * as v from 'valibot';
import { optionalDate, optionalEmail, optionalText, requiredText, sex } from '../users/field-rules';

/** A BSN: nine digits passing the eleven test (elfproef). */
export function isValidBsn(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 8).reduce((acc, d, i) => acc + d * (9 - i), 0) - (digits[8] ?? 0);
  return sum % 11 === 0;
}

const optionalId = v.nullish(v.union([v.string(), v.number()]));

/** Adding a participant (participant wizard, addParticipant). */
export const AddParticipantSchema = v.object({
  firstname: requiredText(100),
  prefix: optionalText(30),
  lastname: requiredText(100),
  initials: optionalText(20),
  bsn: v.nullish(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.trim(), v.check(isValidBsn, 'reasons.bsnInvalid')),
    ], 'reasons.bsnInvalid'),
  ),
  identification: optionalText(50),
  personalCode: optionalText(50),
  email: optionalEmail(),
  phone: optionalText(30),
  sex,
  birthdate: optionalDate(),
  street: optionalText(200),
  houseNumber: optionalText(20),
  houseNumberAddition: optionalText(20),
  zipcode: v.nullish(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(/^\d{4}\s?[A-Za-z]{2}$/, 'reasons.zipcodeInvalid'))], 'reasons.zipcodeInvalid'),
  ),
  city: optionalText(100),
  municipality: optionalText(100),
  projectId: optionalId,
  coachId: optionalId,
  managerId: optionalId,
  statusId: v.nullish(v.pipe(v.number('reasons.invalidField'), v.integer('reasons.invalidField'))),
});
export type AddParticipantInput = v.InferOutput<typeof AddParticipantSchema>;

/** Editing a participant: the same fields, with its id; only the fields sent change. */
export const UpdateParticipantSchema = v.object({
  ...AddParticipantSchema.entries,
  id: v.pipe(v.union([v.string(), v.number()], 'admin.errors.participant.notFound'), v.transform(String), v.regex(/^\d{1,15}$/, 'admin.errors.participant.notFound'), v.transform(Number)),
  firstname: v.optional(AddParticipantSchema.entries.firstname),
  lastname: v.optional(AddParticipantSchema.entries.lastname),
});
export type UpdateParticipantInput = v.InferOutput<typeof UpdateParticipantSchema>;

export type IdentificationSystem = 'BSN' | 'Persoonsnummer';

/**
 * The company's identification system decides which identifier a participant carries (01 §3): a BSN
 * (checked with the eleven test by the schema) or a personnel number. Answers the reason key, or null.
 */
export function identificationProblem(system: IdentificationSystem, input: { bsn?: string | null; identification?: string | null }): string | null {
  const bsn = input.bsn?.trim() ?? '';
  const number = input.identification?.trim() ?? '';
  if (system === 'BSN' && number !== '') return 'admin.errors.participant.identificationNotUsed';
  if (system === 'Persoonsnummer' && bsn !== '') return 'admin.errors.participant.bsnNotUsed';
  return null;
}

export function identificationSystemOf(settings: Readonly<Record<string, unknown>> | null | undefined): IdentificationSystem {
  return settings?.identificationSystem === 'Persoonsnummer' ? 'Persoonsnummer' : 'BSN';
}

/** A BSN shown in lists: only the last three digits ("******782"). */
export function maskBsn(bsn: string | null | undefined): string | null {
  if (!bsn) return null;
  return `${'*'.repeat(Math.max(0, bsn.length - 3))}${bsn.slice(-3)}`;
}

/** Moving a participant to another status of the process flow. */
export const MoveParticipantSchema = v.object({
  participantId: v.pipe(v.union([v.string(), v.number()], 'admin.errors.participant.notFound'), v.transform(String), v.regex(/^\d{1,15}$/, 'admin.errors.participant.notFound'), v.transform(Number)),
  processFlowStatusId: v.pipe(v.union([v.string(), v.number()], 'admin.errors.processFlow.status'), v.transform(String), v.regex(/^\d{1,15}$/, 'admin.errors.processFlow.status'), v.transform(Number)),
});

/** Search of the participants list. */
export const ParticipantSearchSchema = v.object({
  search: optionalText(200),
  statusIds: v.nullish(v.array(v.number())),
});

/** A participant's own settings (01 §3: profilePicture, theme). profilePicture is the uuid of an uploaded file. */
export const ParticipantSettingsSchema = v.object({
  theme: v.nullish(v.picklist(['dark', 'light', 'automatic'], 'reasons.invalidField')),
  profilePicture: v.nullish(v.pipe(v.string('reasons.invalidField'), v.uuid('reasons.invalidField'))),
});
