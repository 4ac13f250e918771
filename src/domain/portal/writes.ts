/**
 * The portal's declared writes (src/domain/writes/define.ts): the screens call
 * `syncApi().portal.<action>(input, extra)`, the worker checks the input and applies the optimistic
 * change, the server registers the same names (server/graph/types/participant-workplaces.ts,
 * participant-targets.ts, portal-documents.ts, portal-settings.ts, user-settings.ts). Uploads carry
 * their file through the outbox (`file`: docs/writes.md, "Files"); the settings writes change no
 * replicated document: the screens lay the queued rows over the stored settings (use-portal.ts).
 */
import { defineWrite } from '../writes/define';
import { UserSettingsSchema, WidgetOrderSchema } from '../users/settings-input';
import { CommunicationPreferencesSchema } from './communication';
import { AddDocumentSchema, DeleteDocumentSchema, DOCUMENT_MAX_BYTES, PARTICIPANT_DOCUMENT_KIND } from './documents';
import { PICTURE_MAX_BYTES, SetPictureSchema } from './pictures';
import { SetTargetSchema } from './targets';
import { WorkplaceApplicationSchema } from './workplaces';

/** The participant the optimistic document belongs to (the replica lists a participant's rows by it). */
export interface ParticipantExtra {
  participantId: number;
}

/** What the list shows of a queued document before the server has it (display only). */
export interface QueuedDocumentExtra {
  participantId: number;
  userId: number;
  size: number;
  mime: string;
}

export const portalWrites = {
  /** A document added to the participant's file: the bytes travel with the row (multipart). */
  addDocument: defineWrite<typeof AddDocumentSchema, QueuedDocumentExtra>({
    mutation: 'participantAddDocument',
    input: AddDocumentSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      kind: PARTICIPANT_DOCUMENT_KIND,
      name: i.name,
      mime: ctx.mime,
      size: ctx.size,
      participantId: ctx.participantId,
      userId: ctx.userId,
      createdAt: ctx.now,
    }),
    displayOnly: ['kind', 'name', 'mime', 'size', 'participantId', 'userId', 'createdAt'],
    file: { maxBytes: DOCUMENT_MAX_BYTES, tooLarge: 'portal.errors.fileTooLarge', empty: 'portal.errors.fileEmpty', deviceFull: 'portal.errors.deviceFull' },
  }),
  /** The profile or homepage picture (scaled on the phone first). */
  setPicture: defineWrite({
    mutation: 'setUserPicture',
    input: SetPictureSchema,
    file: { maxBytes: PICTURE_MAX_BYTES, tooLarge: 'portal.errors.pictureTooLarge', empty: 'portal.errors.fileEmpty', deviceFull: 'portal.errors.deviceFull' },
  }),
  /** Theme and notification settings (only the keys given change). */
  setDisplaySettings: defineWrite({
    mutation: 'setUserSettings',
    input: UserSettingsSchema,
  }),
  /** The widget order of one page (the spec's positional setSettings stays for API callers). */
  setWidgetOrder: defineWrite({
    mutation: 'setWidgetOrder',
    input: WidgetOrderSchema,
  }),
  setCommunicationPreferences: defineWrite({
    mutation: 'setCommunicationPreferences',
    input: CommunicationPreferencesSchema,
  }),
  deleteDocument: defineWrite({
    mutation: 'participantDeleteDocument',
    input: DeleteDocumentSchema,
    document: { collection: 'files', target: (i) => i.uuid, mode: 'delete' },
  }),
  applyForWorkplace: defineWrite<typeof WorkplaceApplicationSchema, ParticipantExtra>({
    mutation: 'workplaceApplication',
    input: WorkplaceApplicationSchema,
    document: { collection: 'workplaceApplications', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      participantId: ctx.participantId,
      workplaceId: i.workplaceId,
      motivation: i.motivation || null,
      status: 'submitted',
      createdAt: ctx.now,
    }),
    displayOnly: ['participantId', 'status', 'createdAt'],
  }),
  setTarget: defineWrite<typeof SetTargetSchema, ParticipantExtra>({
    mutation: 'setParticipantTarget',
    input: SetTargetSchema,
    document: { collection: 'participantTargets', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i, ctx) => ({
      participantId: ctx.participantId,
      description: i.description,
      targetDate: i.targetDate ?? null,
      achievedAt: i.achieved ? ctx.now : null,
    }),
    displayOnly: ['participantId', 'achievedAt'],
  }),
};
