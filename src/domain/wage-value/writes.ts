/**
 * The wage-value writes (02 §7 mutations), declared once: the screens call
 * `syncApi().wageValue.<action>(input)`, the worker checks the input and applies the optimistic change,
 * the server registers the same names (server/graph/types/wage-value-writes.ts) and runs the full rules
 * (validation.ts on the stored document merged with the step) with the same reason keys.
 * A measurement step's save edits only its group's fields, so a concept changed elsewhere merges per
 * field: only a group changed on both sides is a conflict.
 */
import type * as v from 'valibot';
import { defineWrite } from '../writes/define';
import type { ParticipantSnapshot } from './measurement';
import {
  DeleteMeasurementSchema, DeletePlanNoteSchema, DeletePlanSchema, PlanNoteSchema, PlanSchema, SaveMeasurementSchema, SetStatusSchema,
  SettingsSchema, measurementPatch,
} from './schemas';

/** What the wizard passes beside the input: is this the first save (create), and the participant as shown. */
export interface SaveMeasurementExtra {
  isNew?: boolean;
  participantSnapshot?: ParticipantSnapshot;
  createdByUserId?: number;
}

const planPatch = (i: v.InferOutput<typeof PlanSchema>): Record<string, unknown> => ({
  participantId: i.participantId, planDate: i.planDate, statusId: i.statusId, sequenceId: i.sequenceId, regionId: i.regionId,
  assessorUserId: i.assessorUserId, active: i.active, employerName: i.employerName, employerAddress: i.employerAddress,
  employerPlace: i.employerPlace, employerContact: i.employerContact, employerPhone: i.employerPhone, jobCoach: i.jobCoach, notes: i.notes,
});

export const wageValueWrites = {
  saveMeasurement: defineWrite<typeof SaveMeasurementSchema, SaveMeasurementExtra>({
    mutation: 'saveWageValueMeasurement',
    input: SaveMeasurementSchema,
    document: { collection: 'wageValueMeasurements', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i, ctx) => ({
      ...measurementPatch(i),
      ...(ctx.isNew === true
        ? { status: 'concept', createdAt: ctx.now, participantSnapshot: ctx.participantSnapshot ?? {}, createdByUserId: ctx.createdByUserId ?? null }
        : {}),
      updatedAt: ctx.now,
    }),
    // The resume step and the searchable extracts follow the groups; two saves of different steps never conflict over them.
    displayOnly: ['step', 'startingDate', 'validUntil', 'employerName', 'status', 'createdAt', 'participantSnapshot', 'createdByUserId', 'updatedAt', 'type', 'participantId'],
  }),
  setStatus: defineWrite({
    mutation: 'setWageValueMeasurementStatus',
    input: SetStatusSchema,
    document: { collection: 'wageValueMeasurements', target: (i) => i.uuid, mode: 'edit' },
    patch: (i, ctx) => (i.status === 'definitive' ? { status: i.status, definitiveAt: ctx.now, step: 8 } : { status: i.status }),
    displayOnly: ['definitiveAt', 'step'],
  }),
  deleteMeasurement: defineWrite({
    mutation: 'deleteWageValueMeasurement',
    input: DeleteMeasurementSchema,
    document: { collection: 'wageValueMeasurements', target: (i) => i.uuid, mode: 'delete' },
  }),
  addPlan: defineWrite({
    mutation: 'addWageValuePlan',
    input: PlanSchema,
    document: { collection: 'wageValuePlans', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({ ...planPatch(i), createdAt: ctx.now, updatedAt: ctx.now }),
  }),
  updatePlan: defineWrite({
    mutation: 'updateWageValuePlan',
    input: PlanSchema,
    document: { collection: 'wageValuePlans', target: (i) => i.uuid, mode: 'edit' },
    patch: (i, ctx) => ({ ...planPatch(i), updatedAt: ctx.now }),
    displayOnly: ['updatedAt'],
  }),
  deletePlan: defineWrite({
    mutation: 'deleteWageValuePlan',
    input: DeletePlanSchema,
    document: { collection: 'wageValuePlans', target: (i) => i.uuid, mode: 'delete' },
  }),
  addNote: defineWrite<typeof PlanNoteSchema, { planId?: number; createdByUserId?: number }>({
    mutation: 'addWageValuePlanNote',
    input: PlanNoteSchema,
    document: { collection: 'wageValuePlanNotes', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({ planId: ctx.planId ?? null, noteDate: i.noteDate, text: i.text, assessorUserId: i.assessorUserId, createdByUserId: ctx.createdByUserId ?? null, createdAt: ctx.now }),
  }),
  updateNote: defineWrite({
    mutation: 'updateWageValuePlanNote',
    input: PlanNoteSchema,
    document: { collection: 'wageValuePlanNotes', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => ({ noteDate: i.noteDate, text: i.text, assessorUserId: i.assessorUserId }),
  }),
  deleteNote: defineWrite({
    mutation: 'deleteWageValuePlanNote',
    input: DeletePlanNoteSchema,
    document: { collection: 'wageValuePlanNotes', target: (i) => i.uuid, mode: 'delete' },
  }),
  saveSettings: defineWrite({
    mutation: 'saveWageValueSettings',
    input: SettingsSchema,
  }),
};
