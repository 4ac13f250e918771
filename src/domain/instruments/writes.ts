/**
 * The instrument writes, declared once (src/domain/writes/define.ts): saveInstrument (create or edit
 * an instrument with its links) and saveInstrumentMatch (link an instrument to participants). The
 * server effects are in server/graph/types/instrument-writes.ts.
 */
import { defineWrite } from '../writes/define';
import { SaveInstrumentMatchSchema, SaveInstrumentSchema } from './inputs';
import { SavePlanOfApproachSchema } from './plan-of-approach';
import { AddInstrumentFileSchema, INSTRUMENT_FILE_KIND, type InstrumentFileExtra } from './files';
import { FileReason, WORK_PLAN_FILE_MAX_BYTES } from '../work-plan-files/files';

/**
 * Sections as the instrument row stores them: one text per section key. Accepts the input's list and, when a
 * merge kept the server's value, the stored object itself.
 */
export function sectionsObject(sections: readonly { key: string; text: string }[] | Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!sections) return undefined;
  const pairs: [string, unknown][] = Array.isArray(sections) ? sections.map((s: { key: string; text: string }) => [s.key, s.text]) : Object.entries(sections);
  return Object.fromEntries(pairs.filter((p): p is [string, string] => typeof p[1] === 'string' && p[1] !== ''));
}

/** The instrument's link lists: input fields named after the instrument row's fields. */
export const LINK_FIELDS = ['disciplineIds', 'skillIds', 'competencyIds', 'workOrderIds', 'workplaceIds', 'criterionIds'] as const;

export const instrumentWrites = {
  /**
   * An instrument's document (issue 23): the bytes wait beside the outbox row and go as one multipart graph
   * request when online (docs/writes.md, "Files"). Deleting and its undo are the files' own writes
   * (`workPlanFiles.deleteFile` / `restoreFile`: by file uuid, whatever the file is linked to).
   */
  addFile: defineWrite<typeof AddInstrumentFileSchema, InstrumentFileExtra>({
    mutation: 'addInstrumentFile',
    input: AddInstrumentFileSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      kind: INSTRUMENT_FILE_KIND,
      name: i.name,
      mime: ctx.mime,
      size: ctx.size,
      instrumentId: ctx.instrumentId,
      userId: ctx.userId,
      createdAt: ctx.now,
    }),
    displayOnly: ['name', 'mime', 'size', 'instrumentId', 'userId', 'kind'],
    file: { maxBytes: WORK_PLAN_FILE_MAX_BYTES, tooLarge: FileReason.fileTooLarge, empty: FileReason.fileEmpty, deviceFull: 'workPlanFiles.errors.deviceFull' },
  }),
  saveInstrument: defineWrite({
    mutation: 'saveInstrument',
    input: SaveInstrumentSchema,
    document: { collection: 'instruments', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => {
      const out: Record<string, unknown> = { uuid: i.uuid, name: i.name };
      if (i.description !== undefined) out.description = i.description || null;
      if (i.categoryId !== undefined) out.categoryId = i.categoryId ?? null;
      if (i.competencySystemId !== undefined) out.competencySystemId = i.competencySystemId ?? null;
      if (i.provisionTypeId !== undefined) out.provisionTypeId = i.provisionTypeId ?? null;
      if (i.childcareAllowance !== undefined) out.childcareAllowance = i.childcareAllowance;
      if (i.profile !== undefined) out.profile = i.profile || null;
      if (i.kwnwStep !== undefined) out.kwnwStep = i.kwnwStep || null;
      if (i.participantStatusIds !== undefined) out.participantStatusIds = i.participantStatusIds;
      if (i.sections !== undefined) out.sections = sectionsObject(i.sections);
      // the links as the instrument row lists them (migration 011): the list and matching read them offline
      for (const field of LINK_FIELDS) if (i[field] !== undefined) out[field] = [...new Set(i[field])].sort((a, b) => a - b);
      return out;
    },
  }),
  saveInstrumentMatch: defineWrite({
    mutation: 'saveInstrumentMatch',
    input: SaveInstrumentMatchSchema,
    // several participants: the first one's match is shown at once; the pull brings the others
    document: { collection: 'instrumentMatches', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => ({
      uuid: i.uuid,
      instrumentId: i.instrumentId,
      participantId: i.participantIds[0],
      startDate: i.startDate,
      endDate: i.endDate,
      caseId: i.caseId ?? null,
      criteriaIds: i.criteriaIds ?? [],
    }),
  }),
  savePlanOfApproach: defineWrite({
    mutation: 'savePlanOfApproach',
    input: SavePlanOfApproachSchema,
    document: { collection: 'plansOfApproach', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => ({ uuid: i.uuid, participantId: i.participantId, status: i.status, content: i.content }),
  }),
};
