import * as v from 'valibot';
import { FileKind } from '../work-plan/constants';
import { FileNameSchema, FileReason } from '../work-plan-files/files';

/**
 * An instrument's documents (02 §3 Instrument "documents"): files with the instrument link (`files.instrument_id`),
 * of the spec's generic kind "attachment" (13) but never a message's (the message calls leave files with an
 * instrument link alone). Type and size rules are those of every staff upload (checkWorkPlanFile: the message
 * attachments' list, at most 10 MB, the bytes checked against the name on the server).
 * Who sees them: whoever sees the instrument (server/auth/scope.ts, filesScope); who adds and removes them:
 * whoever may edit instruments (case managers, administrators) and add files (docs/decisions-instruments.md).
 */
export const INSTRUMENT_FILE_KIND = FileKind.attachment;

/** Reason codes: the work-plan files' for the file itself, the instrument's own where the target differs. */
export const InstrumentFileReason = {
  ...FileReason,
  notFound: 'instruments.errors.fileNotFound',
  forbidden: 'instruments.errors.fileForbidden',
} as const;
export type InstrumentFileReasonCode = (typeof InstrumentFileReason)[keyof typeof InstrumentFileReason];

const Uuid = v.pipe(v.string(FileReason.invalid), v.uuid(FileReason.invalid));

/** addInstrumentFile: the client's uuid for the new file (a resend is answered once), its name and the instrument. */
export const AddInstrumentFileSchema = v.object({
  uuid: Uuid,
  name: FileNameSchema,
  instrumentUuid: Uuid,
});
export type AddInstrumentFileInput = v.InferOutput<typeof AddInstrumentFileSchema>;

/** What the screen shows of a queued document before the server has it (display only). */
export interface InstrumentFileExtra {
  name: string;
  mime: string;
  size: number;
  instrumentId: number;
  userId: number;
}

/** The screens' rule (the server decides again): case managers and administrators add and remove documents. */
export function instrumentFileRights(kind: 'admin' | 'manager' | 'coach' | 'platformUser' | 'chronos' | 'participant'): { attach: boolean; deleteAny: boolean } {
  const editor = kind === 'admin' || kind === 'manager';
  return { attach: editor, deleteAny: editor };
}
